/**
 * A bounded map of computed answers by key, the oldest dropped first. A key must name everything the answer
 * depends on (the read model's stamps among it), so a stale answer is never found; a failed computation is
 * not kept.
 */
export function answersCache(capacity: number) {
  const answers = new Map<string, Promise<unknown>>();
  return {
    get<Answer>(key: string, compute: () => Promise<Answer>): Promise<Answer> {
      const known = answers.get(key);
      if (known) return known as Promise<Answer>;
      const computed = compute();
      answers.set(key, computed);
      computed.catch(() => answers.delete(key));
      if (answers.size > capacity) answers.delete(answers.keys().next().value as string);
      return computed;
    },
    get size() {
      return answers.size;
    },
  };
}
