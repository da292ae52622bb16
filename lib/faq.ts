export type FaqEntry = { question: string; answer: string; order?: number };

/**
 * FAQ order is 1-based and follows the list after every change (SPEC §4). `by: "order"` (the
 * API, imports) sorts by the order given first; `by: "position"` (a form after drag and drop)
 * numbers the list as it stands.
 */
export function renumberFaq<T extends FaqEntry>(
  faq: T[],
  by: "order" | "position" = "order",
): { question: string; answer: string; order: number }[] {
  const list = by === "order" ? [...faq].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)) : faq;
  return list.map((item, i) => ({ question: item.question, answer: item.answer, order: i + 1 }));
}
