import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { createContext, type ReactNode, useContext } from "react";
import { SITE_NAME } from "../../lib/site";

/** What the renderer knows about the message being sent, read by the layout. */
export type MailFrame = { siteUrl: string; unsubscribeUrl: string | null };

export const MailFrameContext = createContext<MailFrame>({ siteUrl: "", unsubscribeUrl: null });

const page = { backgroundColor: "#f6f7f9", fontFamily: "Inter, Helvetica, Arial, sans-serif", color: "#111827" };
const card = { backgroundColor: "#ffffff", borderRadius: "8px", padding: "24px", maxWidth: "560px" };
const small = { fontSize: "12px", color: "#6b7280" };

/** The frame of every message: the site's name, the content, and a footer (with the unsubscribe link on list mail). */
export function MailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  const { siteUrl, unsubscribeUrl } = useContext(MailFrameContext);
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ fontSize: "18px", fontWeight: 700 }}>
            <Link href={siteUrl}>{SITE_NAME}</Link>
          </Text>
          <Section>{children}</Section>
          <Hr />
          <Text style={small}>
            {SITE_NAME} · <Link href={siteUrl}>{siteUrl}</Link>
            {unsubscribeUrl ? (
              <>
                {" · "}
                <Link href={unsubscribeUrl}>Unsubscribe</Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A call to action: a visible link (also readable as plain text). */
export function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text>
      <Link href={href} style={{ fontWeight: 600 }}>
        {children}
      </Link>
      <br />
      <span style={small}>{href}</span>
    </Text>
  );
}
