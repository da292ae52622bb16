import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { api, messageOf } from "../lib/api";
import { flashThenGo } from "../lib/flash";
import { toast } from "../lib/toast";
import { $sessionLoading, $user } from "../stores/session";
import ToolForm from "./ToolForm";

/** /submit: signed-in members submit a tool, then land on their account. */
export default function SubmitTool() {
  const user = useStore($user);
  const loading = useStore($sessionLoading);

  useEffect(() => {
    if (!loading && !user) flashThenGo("error", "Please sign in to submit a tool", "/");
  }, [loading, user]);

  if (loading || !user) {
    return (
      <div className="center" role="status" aria-label="Loading">
        <div className="spinner" />
      </div>
    );
  }
  return (
    <ToolForm
      submitLabel="Submit Tool"
      onSubmit={async (values) => {
        try {
          await api("/tools/", { method: "POST", body: values });
          flashThenGo("success", "Tool submitted successfully!", "/account");
        } catch (error) {
          toast.error(messageOf(error, "Failed to submit tool"));
        }
      }}
    />
  );
}
