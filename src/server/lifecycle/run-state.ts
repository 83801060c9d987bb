/** Whether this process is stopping: readiness answers 503 from then on. */
export interface RunState {
  readonly stopping: boolean;
}

export function createRunState(): RunState & { markStopping(): void } {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    markStopping() {
      stopping = true;
    },
  };
}

export type MutableRunState = ReturnType<typeof createRunState>;
