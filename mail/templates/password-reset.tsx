import { Text } from "@react-email/components";
import { SITE_NAME } from "../../lib/site";
import { defineTemplate } from "./define";
import { ActionLink, MailLayout } from "./layout";

export const passwordReset = defineTemplate<{ url: string }>({
  subject: () => `Reset your ${SITE_NAME} password`,
  html: ({ url }) => (
    <MailLayout preview="Choose a new password">
      <Text>Someone (we hope you) asked to reset the password of your account.</Text>
      <ActionLink href={url}>Choose a new password</ActionLink>
      <Text>The link works once, for one hour. If you did not ask, ignore this mail: your password stays.</Text>
    </MailLayout>
  ),
  text: ({ url }) =>
    `Someone (we hope you) asked to reset the password of your ${SITE_NAME} account.\n\n` +
    `Choose a new password: ${url}\n\n` +
    "The link works once, for one hour. If you did not ask, ignore this mail: your password stays.\n",
});
