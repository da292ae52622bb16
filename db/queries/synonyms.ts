import { eq } from "drizzle-orm";
import { queryWords } from "../../ranking/query-words";
import type { Db } from "../client";
import { type Synonym, synonyms } from "../schema";
import { containsAny, type ListSpec } from "./admin-list";

/** A synonym as stored: both sides reduced to the words search compares (lower case, no marks). */
export type SynonymInput = { term: string; expands_to: string };

/** The words search sees in `text`, joined by single spaces. */
export const normalWords = (text: string) => queryWords(text).join(" ");

export async function getSynonym(db: Db, id: number): Promise<Synonym | null> {
  return (await db.select().from(synonyms).where(eq(synonyms.id, id)).get()) ?? null;
}

export async function createSynonym(db: Db, input: SynonymInput): Promise<Synonym> {
  const [row] = await db.insert(synonyms).values(input).returning();
  if (!row) throw new Error("synonym insert returned nothing");
  return row;
}

export async function updateSynonym(db: Db, id: number, input: SynonymInput): Promise<Synonym | null> {
  const [row] = await db
    .update(synonyms)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(synonyms.id, id))
    .returning();
  return row ?? null;
}

export async function deleteSynonym(db: Db, id: number): Promise<boolean> {
  return (await db.delete(synonyms).where(eq(synonyms.id, id)).returning({ id: synonyms.id })).length > 0;
}

/** The admin's Synonyms list. */
export const synonymList: ListSpec<Synonym> = {
  from: "FROM synonyms s",
  select: "s.*",
  id: "s.id",
  sort: {
    term: "s.term",
    expands_to: "s.expands_to",
    created_at: "s.created_at",
    updated_at: "s.updated_at",
  },
  filter: { q: containsAny(["s.term", "s.expands_to"]) },
  map: (r) => ({
    id: Number(r.id),
    term: String(r.term),
    expands_to: String(r.expands_to),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  }),
};
