import { describe, expect, it } from 'vitest';
import { testPipeline } from '../../pipelines/test-cards.ts';
import { checkPipeline, isClean, moveStep, newStep, pipelineForm, pipelineRequest } from './pipeline-form.ts';

describe('pipeline configuration form', () => {
  it('starts a new pipeline with an open and a final list, and an existing one as it is', () => {
    const fresh = pipelineForm(null);
    expect(fresh.steps.map((step) => step.final)).toEqual([false, true]);
    expect(pipelineForm(testPipeline).steps.map((step) => step.id)).toEqual(['s1', 's2', 's3']);
  });

  it('asks for the name of the pipeline and of every list', () => {
    const form = { ...pipelineForm(null), name: ' ' };
    const problems = checkPipeline(form);
    expect(problems.name).toBe('centerPipelines.problems.name');
    expect(Object.keys(problems.steps)).toHaveLength(2);
    expect(isClean(problems)).toBe(false);
    expect(isClean(checkPipeline(pipelineForm(testPipeline)))).toBe(true);
  });

  it('moves lists within bounds and sends existing lists with their ids, new ones without', () => {
    const form = pipelineForm(testPipeline);
    const moved = moveStep(form.steps, 2, -1);
    expect(moved.map((step) => step.id)).toEqual(['s1', 's3', 's2']);
    expect(moveStep(form.steps, 0, -1).map((step) => step.id)).toEqual(['s1', 's2', 's3']);
    const request = pipelineRequest({ ...form, name: ' Vendas ', steps: [...moved, newStep(' Pós-venda ')] });
    expect(request.name).toBe('Vendas');
    expect(request.steps).toEqual([
      { id: 's1', name: 'Prospecção', final: false },
      { id: 's3', name: 'Fechado', final: true },
      { id: 's2', name: 'Proposta', final: false },
      { name: 'Pós-venda', final: false },
    ]);
  });
});
