import type { PricingType } from "../schema";

type SeedFaq = { question: string; answer: string };

export type SeedCategory = {
  slug: string;
  name: string;
  description: string;
  /** Markdown shown at the top of the category page. */
  long_form_content: string;
  faq: SeedFaq[];
};

export type SeedTool = {
  name: string;
  /** Markdown, written by us: facts only. */
  description: string;
  website_url: string;
  /** Category slug. */
  category: string;
  pricing_type: PricingType;
  pros: string[];
  cons: string[];
  faq: SeedFaq[];
  video_url?: string;
  /** Generated at seed time (db/seed/artwork.ts): the caption is drawn into the picture. */
  screenshots?: { caption: string; alt_text: string }[];
  affiliate_link?: string;
};

export type SeedArticle = {
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown. */
  content: string;
  status: "draft" | "published";
  meta_title?: string;
  meta_description?: string;
  /** ISO date. */
  published_at?: string;
};

export type SeedReview = { tool: string; rating: 1 | 2 | 3 | 4 | 5; comment: string };

export type SeedTag = { name: string; description: string };
