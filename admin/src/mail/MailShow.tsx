import { Box, Typography } from "@mui/material";
import { DateField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from "react-admin";

type MailRecord = { id: number; html: string | null; text: string | null; last_error: string | null };

/** The HTML part in a sandboxed frame (no scripts, no same-origin access) and the text part as sent. */
function MailParts() {
  const record = useRecordContext<MailRecord>();
  if (!record) return null;
  if (record.html === null) {
    return <Typography>This message held a one-time link; its content is not kept after sending.</Typography>;
  }
  return (
    <Box sx={{ display: "grid", gap: 2, width: "100%" }}>
      <Labeled label="HTML">
        <iframe
          title={`Message ${record.id}`}
          sandbox=""
          srcDoc={record.html}
          style={{ width: "100%", height: 480, border: "1px solid #ddd", background: "#fff" }}
        />
      </Labeled>
      <Labeled label="Text">
        <Box component="pre" sx={{ whiteSpace: "pre-wrap", m: 0, fontFamily: "monospace" }}>
          {record.text}
        </Box>
      </Labeled>
    </Box>
  );
}

export default function MailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="to" label="To" />
        <TextField source="subject" label="Subject" />
        <TextField source="status" label="Status" />
        <DateField source="created_at" label="Queued" showTime />
        <DateField source="sent_at" label="Sent" showTime emptyText="-" />
        <TextField source="message_id" label="Message-ID" emptyText="-" />
        <TextField source="last_error" label="Last error" emptyText="-" />
        <MailParts />
      </SimpleShowLayout>
    </Show>
  );
}
