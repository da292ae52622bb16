import { Text } from "@react-email/components";
import { SITE_NAME } from "../../lib/site";
import { defineTemplate } from "./define";
import { ActionLink, MailLayout } from "./layout";

export const verifyEmail = defineTemplate<{ url: string }>({
  subject: () => `Confirm your e-mail address for ${SITE_NAME}`,
  html: ({ url }) => (
    <MailLayout preview="Confirm your e-mail address">
      <Text>Welcome! Confirm that this address is yours to submit tools.</Text>
      <ActionLink href={url}>Confirm my address</ActionLink>
      <Text>The link works for 7 days. If you did not sign up, ignore this mail.</Text>
    </MailLayout>
  ),
  text: ({ url }) =>
    `Welcome to ${SITE_NAME}! Confirm that this address is yours to submit tools:\n\n${url}\n\n` +
    "The link works for 7 days. If you did not sign up, ignore this mail.\n",
});
