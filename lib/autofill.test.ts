import { describe, expect, it } from "vitest";
import { type Autofill, fillFromWebsite } from "./autofill";

const answer: Autofill = {
  name: "Quill",
  description: "Drafts essays.",
  logo_url: "https://quill.test/icon.png",
  screenshots: [],
  pricing_type: "freemium",
  category_id: 2,
  tags: ["prose", "no-such-tag"],
  video_url: null,
  duplicates: [],
};
const tags = [
  { id: 1, slug: "prose", name: "Prose" },
  { id: 2, slug: "images", name: "Images" },
];

describe("fill from website, as both forms run it", () => {
  it("sends the trimmed address and matches the suggested tags to the directory's", async () => {
    const sent: { url: string }[] = [];
    const filled = await fillFromWebsite("  https://quill.test/ ", {
      post: async (body) => {
        sent.push(body);
        return answer;
      },
      tags: async () => tags,
    });
    expect(sent).toEqual([{ url: "https://quill.test/" }]);
    expect(filled).toMatchObject({ name: "Quill", website_url: "https://quill.test/", category_id: 2 });
    expect(filled.tag_records).toEqual([{ id: 1, slug: "prose", name: "Prose" }]);
  });

  it("keeps the page's facts when the tag list fails, and passes the API's refusal on", async () => {
    const untagged = await fillFromWebsite("https://quill.test/", {
      post: async () => answer,
      tags: () => Promise.reject(new Error("offline")),
    });
    expect(untagged).toMatchObject({ name: "Quill", tag_records: [] });
    const refused = fillFromWebsite("https://quill.test/", {
      post: () => Promise.reject(new Error("That address is not a public website")),
      tags: async () => tags,
    });
    await expect(refused).rejects.toThrow("That address is not a public website");
  });
});
