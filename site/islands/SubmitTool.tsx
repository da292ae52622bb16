import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { askSignInThenReturn } from "../../lib/sign-in-return";
import { ApiError, api } from "../lib/api";
import { flashThenGo } from "../lib/flash";
import { formMessageOf } from "../lib/messages";
import { toast } from "../lib/toast";
import type { Tool } from "../lib/types";
import { $sessionLoading, $user, refreshUser } from "../stores/session";
import FillFromWebsite from "./submit/FillFromWebsite";
import ToolForm, { uploadLogo } from "./ToolForm";

/** /submit: signed-in members submit a tool, then land on their account. */
export default function SubmitTool() {
  const user = useStore($user);
  const loading = useStore($sessionLoading);
  // What "Fill from website" found: the form starts again from it, for the member to review.
  const [filled, setFilled] = useState<{ values: Partial<Tool>; times: number }>({ values: {}, times: 0 });

  useEffect(() => {
    if (!loading && !user) {
      // Home opens the sign-up dialog with SPEC's toast, and comes back here once signed in.
      askSignInThenReturn("/submit");
      window.location.replace("/");
    }
  }, [loading, user]);

  if (loading || !user) {
    return (
      <div className="center" role="status" aria-label="Loading">
        <div className="spinner" />
      </div>
    );
  }
  return (
    <>
      <FillFromWebsite onFill={(values) => setFilled((f) => ({ values, times: f.times + 1 }))} />
      <ToolForm
        key={filled.times}
        initial={filled.values}
        submitLabel="Submit Tool"
        onSubmit={async (values, logoFile) => {
          let tool: Tool;
          try {
            tool = await api<Tool>("/tools/", { method: "POST", body: values });
          } catch (error) {
            toast.error(formMessageOf(error, "Failed to submit tool"));
            // A 403 for an unconfirmed address: the banner above offers a new link.
            if (error instanceof ApiError && error.status === 403) void refreshUser();
            return;
          }
          // The logo file needs the tool's id, so it follows the tool; the tool stands either way.
          if (logoFile) {
            try {
              await uploadLogo(tool.id, logoFile);
            } catch (error) {
              const why = formMessageOf(error, "Failed to upload logo");
              flashThenGo("error", `Tool submitted, but the logo was not uploaded: ${why}`, "/account");
              return;
            }
          }
          flashThenGo("success", "Tool submitted successfully!", "/account");
        }}
      />
    </>
  );
}
