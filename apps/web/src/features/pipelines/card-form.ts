// The new card form's checks (spec §5): a pipeline, one of its lists and a name, each with the spec's text.
import type { Pipeline } from '@atende/contract';

export interface NewCardValues {
  pipelineId: string | null;
  stepId: string | null;
  name: string;
}

export type NewCardErrors = Partial<
  Record<
    keyof NewCardValues,
    'pipelines.form.pipelineRequired' | 'pipelines.form.stepRequired' | 'pipelines.form.nameRequired'
  >
>;

export function validateNewCard(values: NewCardValues, pipelines: readonly Pipeline[]): NewCardErrors {
  const errors: NewCardErrors = {};
  const pipeline = pipelines.find((candidate) => candidate.id === values.pipelineId);
  if (!pipeline) errors.pipelineId = 'pipelines.form.pipelineRequired';
  if (!pipeline?.steps.some((step) => step.id === values.stepId))
    errors.stepId = 'pipelines.form.stepRequired';
  if (!values.name.trim()) errors.name = 'pipelines.form.nameRequired';
  return errors;
}

/** The list a new card goes to unless the user picks another: the pipeline's first one that is not final. */
export const defaultStepId = (pipeline: Pipeline | undefined): string | null =>
  (pipeline?.steps.find((step) => !step.final) ?? pipeline?.steps[0])?.id ?? null;
