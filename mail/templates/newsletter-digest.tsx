import { Heading, Img, Link, Section, Text } from "@react-email/components";
import type { NewsletterIssueContent } from "../../db/schema";
import { defineTemplate } from "./define";
import { MailLayout } from "./layout";

/** One weekly digest as every subscriber gets it (links only: no pixel, no tracking). */
export type DigestData = {
  number: number;
  subject: string;
  intro: string;
  content: NewsletterIssueContent;
  siteUrl: string;
  /**
   * The newsletter sponsors the issue carries, links through the counted click endpoint. The
   * sender counts an impression for each once the message is accepted (markMailSent reads
   * `$.sponsors`). Absent in digests queued before sponsors were shown.
   */
  sponsors?: { id: number; title: string; body: string; href: string; image_url: string | null }[];
};

const sponsorBox = { border: "1px solid #e5e7eb", borderRadius: "8px", padding: "8px 12px", margin: "16px 0" };
const sponsorLabel = { fontSize: "11px", color: "#6b7280", textTransform: "uppercase" as const, margin: "0" };

function sections({ content, siteUrl }: DigestData) {
  return [
    {
      title: "New this week",
      items: content.tools.map((t) => ({ label: t.name, href: `${siteUrl}/tool/${t.slug}`, text: t.description })),
    },
    {
      title: "Most saved this week",
      items: content.popular.map((t) => ({ label: t.name, href: `${siteUrl}/tool/${t.slug}`, text: t.description })),
    },
    {
      title: "New articles",
      items: content.articles.map((a) => ({ label: a.title, href: `${siteUrl}/blog/${a.slug}`, text: a.excerpt })),
    },
  ].filter((s) => s.items.length > 0);
}

export const newsletterDigest = defineTemplate<DigestData>({
  subject: (d) => d.subject,
  html: (d) => (
    <MailLayout preview={d.intro || d.subject}>
      {d.intro
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      {(d.sponsors ?? []).map((s) => (
        <Section key={s.id} style={sponsorBox}>
          <Text style={sponsorLabel}>Sponsored</Text>
          {s.image_url ? <Img src={s.image_url} alt="" width="48" height="48" /> : null}
          <Text style={{ margin: "4px 0" }}>
            <Link href={s.href} rel="sponsored noopener" style={{ fontWeight: 600 }}>
              {s.title}
            </Link>
            {s.body ? ` — ${s.body}` : ""}
          </Text>
        </Section>
      ))}
      {sections(d).map((section) => (
        <div key={section.title}>
          <Heading as="h2" style={{ fontSize: "16px" }}>
            {section.title}
          </Heading>
          {section.items.map((item) => (
            <Text key={item.href}>
              <Link href={item.href} style={{ fontWeight: 600 }}>
                {item.label}
              </Link>
              {item.text ? ` — ${item.text}` : ""}
            </Text>
          ))}
        </div>
      ))}
      <Text>
        <Link href={`${d.siteUrl}/newsletter/${d.number}`}>Read this issue on the web</Link>
      </Text>
    </MailLayout>
  ),
  text: (d) =>
    [
      d.intro,
      ...(d.sponsors ?? []).map((s) => `Sponsored: ${s.title}${s.body ? ` — ${s.body}` : ""}\n  ${s.href}`),
      ...sections(d).map(
        (s) =>
          `${s.title}\n\n${s.items.map((i) => `- ${i.label}${i.text ? `: ${i.text}` : ""}\n  ${i.href}`).join("\n")}`,
      ),
      `Read this issue on the web: ${d.siteUrl}/newsletter/${d.number}`,
    ]
      .filter(Boolean)
      .join("\n\n")
      .concat("\n"),
});
