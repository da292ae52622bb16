import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { ApiError, api } from "../lib/api";
import { flashThenGo } from "../lib/flash";
import { formMessageOf } from "../lib/messages";
import { toast } from "../lib/toast";
import type { Tool } from "../lib/types";
import { $sessionLoading, $user } from "../stores/session";
import ToolForm from "./ToolForm";

/** /edit-tool/{id}: the owner (or an admin) edits the fields they submitted. */
export default function EditTool() {
  const user = useStore($user);
  const loading = useStore($sessionLoading);
  const [tool, setTool] = useState<Tool | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (loading) return;
    if (!user) {
      flashThenGo("error", "Please sign in to edit a tool", "/");
      return;
    }
    const id = window.location.pathname.split("/").filter(Boolean)[1] ?? "";
    if (!/^\d+$/.test(id)) {
      setProblem("This tool does not exist.");
      return;
    }
    api<Tool>(`/tools/${id}`)
      .then((t) => {
        if (t.submitted_by !== user.id && user.role !== "admin") setProblem("You can only edit tools you submitted.");
        else setTool(t);
      })
      .catch((error) =>
        setProblem(
          error instanceof ApiError && error.status === 404
            ? "This tool does not exist."
            : "Failed to load tool details",
        ),
      );
  }, [loading, user]);

  if (problem) {
    return (
      <div className="card empty">
        <p>{problem}</p>
        <a className="btn btn-outline" href="/account">
          Back to My Account
        </a>
      </div>
    );
  }
  if (!tool) {
    return (
      <div className="center" role="status" aria-label="Loading">
        <div className="spinner" />
      </div>
    );
  }
  return (
    <>
      <h1>Edit {tool.name}</h1>
      <ToolForm
        initial={tool}
        submitLabel="Save Changes"
        onSubmit={async (values) => {
          try {
            await api(`/tools/${tool.id}`, { method: "PUT", body: values });
            flashThenGo("success", "Tool updated successfully", "/account");
          } catch (error) {
            toast.error(formMessageOf(error, "Failed to update tool"));
          }
        }}
      />
    </>
  );
}
