import type { Settings } from "../config/settings";
import type { NewsletterIssue } from "../db/schema";
import { mailToEach, siteLink } from "./notify";
import type { DigestData } from "./templates/newsletter-digest";

/** What a digest mail of `issue` holds (the same for every subscriber; the unsubscribe link is added per address). */
export function digestData(settings: Pick<Settings, "PUBLIC_URL" | "PORT">, issue: NewsletterIssue): DigestData {
  return {
    number: issue.number ?? 0,
    subject: issue.subject,
    intro: issue.intro,
    content: issue.content,
    siteUrl: siteLink(settings, ""),
    sponsors: (issue.content.sponsors ?? []).map((s) => ({
      ...s,
      href: siteLink(settings, `/api/sponsors/${s.id}/click`),
      image_url: absoluteImage(settings, s.image_url),
    })),
  };
}

/** A sponsor's image as a mail client can fetch it: the site's own paths made absolute, anything but http(s) dropped. */
function absoluteImage(settings: Pick<Settings, "PUBLIC_URL" | "PORT">, url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return siteLink(settings, url);
  return /^https?:\/\//i.test(url) ? url : null;
}

/** A batch of subscribers' digests, as outbox rows of the newsletter list (one-click unsubscribe each). */
export function digestMails(data: DigestData, recipients: { sql: string; args: (string | number)[] }, when: string) {
  return mailToEach(recipients, { template: "newsletterDigest", data, list: "newsletter" }, when);
}
