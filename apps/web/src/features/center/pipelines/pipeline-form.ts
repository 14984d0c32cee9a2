// The pipeline configuration form (Center): name, ordered lists with the final flag, and the teams and
// segments that see it. Kept apart from React so its rules are tested alone.
import type { Pipeline, PipelineRequest } from '@atende/contract';

export interface StepDraft {
  /** The existing step's id (it keeps its cards); a new step has none. */
  id?: string;
  /** Stable while editing, for React keys and moves. */
  key: string;
  name: string;
  final: boolean;
}

export interface PipelineForm {
  name: string;
  steps: StepDraft[];
  team_ids: string[];
  segment_ids: string[];
}

let drafted = 0;
export const newStep = (name = '', final = false): StepDraft => ({ key: `new-${++drafted}`, name, final });

export const pipelineForm = (pipeline: Pipeline | null): PipelineForm =>
  pipeline
    ? {
        name: pipeline.name,
        steps: pipeline.steps.map((step) => ({
          id: step.id,
          key: step.id,
          name: step.name,
          final: step.final,
        })),
        team_ids: pipeline.team_ids,
        segment_ids: pipeline.segment_ids,
      }
    : { name: '', steps: [newStep(), newStep('', true)], team_ids: [], segment_ids: [] };

/** The steps with the one at `index` moved by `by` places (kept inside the list). */
export function moveStep(steps: readonly StepDraft[], index: number, by: number): StepDraft[] {
  const target = Math.max(0, Math.min(steps.length - 1, index + by));
  const next = [...steps];
  const [step] = next.splice(index, 1);
  next.splice(target, 0, step!);
  return next;
}

export type PipelineProblem = 'centerPipelines.problems.name' | 'centerPipelines.problems.stepName';

/** What must be fixed before saving: the name, and every list's name (by the list's key). */
export function checkPipeline(form: PipelineForm): {
  name?: PipelineProblem;
  steps: Record<string, PipelineProblem>;
} {
  const steps: Record<string, PipelineProblem> = {};
  for (const step of form.steps) if (!step.name.trim()) steps[step.key] = 'centerPipelines.problems.stepName';
  return { ...(form.name.trim() ? {} : { name: 'centerPipelines.problems.name' as const }), steps };
}

export const isClean = (problems: ReturnType<typeof checkPipeline>) =>
  !problems.name && Object.keys(problems.steps).length === 0;

export const pipelineRequest = (form: PipelineForm): PipelineRequest => ({
  name: form.name.trim(),
  steps: form.steps.map((step) => ({
    ...(step.id ? { id: step.id } : {}),
    name: step.name.trim(),
    final: step.final,
  })),
  team_ids: form.team_ids,
  segment_ids: form.segment_ids,
});
