import { describe, expect, it } from 'vitest';
import { defaultStepId, validateNewCard } from './card-form.ts';
import { testPipeline } from './test-cards.ts';

// The final list first: a new card must not start there.
const pipeline = { ...testPipeline, steps: [...testPipeline.steps].reverse() };

describe('new card form', () => {
  it('asks for a pipeline, one of its lists and a name (spec §5)', () => {
    expect(validateNewCard({ pipelineId: null, stepId: null, name: ' ' }, [pipeline])).toEqual({
      pipelineId: 'pipelines.form.pipelineRequired',
      stepId: 'pipelines.form.stepRequired',
      name: 'pipelines.form.nameRequired',
    });
    // A list of another pipeline is no list of this one.
    expect(validateNewCard({ pipelineId: 'p', stepId: 'elsewhere', name: 'Plano' }, [pipeline])).toEqual({
      stepId: 'pipelines.form.stepRequired',
    });
    expect(validateNewCard({ pipelineId: 'p', stepId: 's1', name: 'Plano' }, [pipeline])).toEqual({});
  });

  it('starts in the first list that is not final', () => {
    expect(defaultStepId(pipeline)).toBe('s2');
    expect(defaultStepId(undefined)).toBeNull();
  });
});
