import { defineNotice } from "./notice";

/** Sent once the account is gone, to the address it had. */
export const accountDeleted = defineNotice<{ toolsKept: boolean }>(({ toolsKept }) => ({
  subject: "Your account was deleted",
  paragraphs: [
    "Your account and your reviews and saves were deleted, and every session was signed out.",
    toolsKept
      ? "As you chose, the tools you submitted stay listed without an owner."
      : "As you chose, the tools you submitted were deleted too.",
    "If you did not ask for this, reply to this mail.",
  ],
}));
