/**
 * A tool's owner may not review it (a rating from the one who listed it says nothing to visitors).
 * The API refuses such a review; the tool page shows this line instead of the form.
 */
export const OWN_TOOL_REVIEW = "You can't review a tool you submitted.";

/** Whether member `userId` submitted `tool`, and so may not review it. */
export const ownsTool = (tool: { submitted_by: number | null }, userId: number) => tool.submitted_by === userId;
