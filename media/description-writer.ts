/**
 * The optional description writer: an OpenAI-compatible chat endpoint (LLM_BASE_URL) asked for a
 * neutral two-sentence description of a tool from its page's text. It is the operator's own
 * service, so it is reached directly, not through safe-fetch; every failure answers null and the
 * caller keeps the page's own description.
 */

export type DescriptionWriter = { baseUrl: string; apiKey?: string; model: string };

/** Page text sent: the start of a page says what the tool is, and a prompt's cost grows with its size. */
const TEXT_CHARS = 6000;
/** Most bytes of the endpoint's answer read: two sentences and their envelope fit many times over. */
const ANSWER_BYTES = 64 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_DESCRIPTION = 600;

const INSTRUCTIONS =
  "You write listings for a directory of AI tools. From the web page text given, describe the tool in " +
  "exactly two plain, neutral sentences: what it is and what it does. No marketing language, no claims " +
  "the text does not make, no markdown. Answer with the two sentences only.";

/** The body of `response`, or null past `limit` bytes. */
async function textWithin(response: Response, limit: number): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Two sentences describing tool `name` from its page's `text`; null when the writer fails in any way. */
export async function writeDescription(writer: DescriptionWriter, name: string, text: string): Promise<string | null> {
  try {
    const response = await fetch(`${writer.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(writer.apiKey ? { authorization: `Bearer ${writer.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: writer.model,
        temperature: 0.2,
        max_tokens: 200,
        messages: [
          { role: "system", content: INSTRUCTIONS },
          { role: "user", content: `Tool: ${name}\n\nPage text:\n${text.slice(0, TEXT_CHARS)}` },
        ],
      }),
      redirect: "error",
      // One deadline for the whole exchange, the answer's body included.
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = await textWithin(response, ANSWER_BYTES);
    const content = body && JSON.parse(body)?.choices?.[0]?.message?.content;
    if (typeof content !== "string") return null;
    const description = content.replace(/\s+/g, " ").trim();
    return description && description.length <= MAX_DESCRIPTION ? description : null;
  } catch {
    return null;
  }
}
