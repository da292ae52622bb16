/**
 * "Fill from website" as the submit form and the admin's tool form both run it: one request to
 * POST /api/tools/autofill beside the tag list, and the suggested tags matched to real tags.
 * Each caller passes its own way of calling the API (its session and error messages).
 */

/** What POST /api/tools/autofill answers: suggestions only, nothing is saved. */
export type Autofill = {
  name: string;
  description: string;
  logo_url: string;
  screenshots: { url: string; alt_text: string }[];
  pricing_type: string | null;
  category_id: number | null;
  tags: string[];
  video_url: string | null;
  duplicates: { id: number; slug: string; name: string }[];
};

type TagRecord = { id: number; slug: string; name: string };

export type Filled<T extends TagRecord> = Autofill & {
  /** The address as typed, trimmed: the form's website. */
  website_url: string;
  /** The suggested tags that exist, as the directory's tag records. */
  tag_records: T[];
};

/**
 * Reads the tool's website through the API: `post` sends the autofill request, `tags` lists the
 * directory's tags (a failed tag list costs only the tags).
 */
export async function fillFromWebsite<T extends TagRecord>(
  url: string,
  calls: { post: (body: { url: string }) => Promise<Autofill>; tags: () => Promise<T[]> },
): Promise<Filled<T>> {
  const website_url = url.trim();
  const [found, tags] = await Promise.all([calls.post({ url: website_url }), calls.tags().catch(() => [] as T[])]);
  return { ...found, website_url, tag_records: tags.filter((t) => found.tags.includes(t.slug)) };
}
