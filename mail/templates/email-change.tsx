import { Text } from "@react-email/components";
import { SITE_NAME } from "../../lib/site";
import { defineTemplate } from "./define";
import { ActionLink, MailLayout } from "./layout";

export const emailChange = defineTemplate<{ url: string; oldEmail: string }>({
  subject: () => `Confirm your new e-mail address for ${SITE_NAME}`,
  html: ({ url, oldEmail }) => (
    <MailLayout preview="Confirm your new e-mail address">
      <Text>The account {oldEmail} asked to use this address from now on.</Text>
      <ActionLink href={url}>Confirm the new address</ActionLink>
      <Text>The link works once, for one hour. If you did not ask, ignore this mail: nothing changes.</Text>
    </MailLayout>
  ),
  text: ({ url, oldEmail }) =>
    `The ${SITE_NAME} account ${oldEmail} asked to use this address from now on.\n\n` +
    `Confirm the new address: ${url}\n\n` +
    "The link works once, for one hour. If you did not ask, ignore this mail: nothing changes.\n",
});
