import { ArrayInput, SimpleFormIterator, TextInput, useSimpleFormIteratorItem } from "react-admin";
import { useWatch } from "react-hook-form";
import { type FaqEntry, renumberFaq as renumberFaqList } from "../../lib/faq";

const MAX_FAQ = 15;

/** A form's FAQ numbered as the list stands after any reorder, addition or removal (SPEC §4). */
export function renumberFaq<T extends Record<string, unknown>>(data: T): T {
  const faq = ((data.faq as FaqEntry[] | undefined) ?? []).filter(Boolean);
  return { ...data, faq: renumberFaqList(faq, "position") };
}

function OrderNumber() {
  const { index } = useSimpleFormIteratorItem();
  return <span style={{ minWidth: 24, fontWeight: 700, paddingTop: 16 }}>{index + 1}.</span>;
}

/** Reorderable FAQ editor; the add button disappears at 15 items. */
export function FaqInput() {
  const count = (useWatch({ name: "faq" }) as unknown[] | undefined)?.length ?? 0;
  return (
    <ArrayInput source="faq" label="FAQ">
      <SimpleFormIterator inline disableAdd={count >= MAX_FAQ} disableClear>
        <OrderNumber />
        <TextInput source="question" label="Question" fullWidth />
        <TextInput source="answer" label="Answer" multiline fullWidth />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
