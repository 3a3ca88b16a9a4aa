/** A question an agent put to the person, as the display shows it. */
export interface ShownQuestion {
  id: string;
  agentId: string;
  question: string;
  timeoutMs: number;
}

/**
 * The agents' open questions to the person (`coordination.human_input`), oldest first: the
 * display shows one at a time and takes the reply to it. An external store for React
 * (`subscribe` / `getSnapshot`), fed by whoever hands the display the questions.
 */
export class QuestionBoard {
  private open: readonly ShownQuestion[] = [];
  private readonly listeners = new Set<() => void>();

  readonly getSnapshot = (): readonly ShownQuestion[] => this.open;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  add(question: ShownQuestion): void {
    this.open = [...this.open, question];
    this.notify();
  }

  /** The question is answered, or its asker stopped waiting. */
  remove(id: string): void {
    if (!this.open.some((question) => question.id === id)) return;
    this.open = this.open.filter((question) => question.id !== id);
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
