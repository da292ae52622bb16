import { accountDeleted } from "./account-deleted";
import { adminDailySummary } from "./admin-daily-summary";
import { adminNewReports } from "./admin-new-reports";
import { adminNewSubmissions } from "./admin-new-submissions";
import { claimVerified } from "./claim-verified";
import { editDecided } from "./edit-decided";
import { featuringEnding } from "./featuring-ending";
import { newsletterConfirm } from "./newsletter-confirm";
import { newsletterDigest } from "./newsletter-digest";
import { paymentReceipt } from "./payment-receipt";
import { purchaseReceipt } from "./purchase-receipt";
import { reportResolved } from "./report-resolved";
import { submissionDecided } from "./submission-decided";

/** The notifications, the newsletter's messages and the account's last mail. */
export const memberTemplates = {
  submissionDecided,
  editDecided,
  claimVerified,
  reportResolved,
  featuringEnding,
  paymentReceipt,
  purchaseReceipt,
  adminNewSubmissions,
  adminNewReports,
  adminDailySummary,
  newsletterConfirm,
  newsletterDigest,
  accountDeleted,
};
