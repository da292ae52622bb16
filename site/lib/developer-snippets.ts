/**
 * The client set-ups the /developers page shows, built from the site's address: what a reader
 * copies is what the tests run (api/developer-snippets.test.ts), so a snippet cannot drift from
 * the server it configures.
 */

/** What stands for the reader's own key in every snippet. */
export const API_KEY_PLACEHOLDER = "aitd_...";
/** The header the server reads a key from (api/middleware/api-quota.ts; `Authorization: Bearer` works too). */
const KEY_HEADER = "X-API-Key";
const SERVER_NAME = "ai-tools-directory";

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function developerSnippets(site: URL) {
  const mcpUrl = new URL("/mcp", site).href;
  const headers = { [KEY_HEADER]: API_KEY_PLACEHOLDER };
  return {
    mcpUrl,
    /** Claude Code's command line: a remote server over Streamable HTTP. */
    claudeCode: `claude mcp add --transport http ${SERVER_NAME} ${mcpUrl} --header "${KEY_HEADER}: ${API_KEY_PLACEHOLDER}"`,
    /** Cursor's .cursor/mcp.json: a remote server is a `url` with its `headers`. */
    cursor: json({ mcpServers: { [SERVER_NAME]: { url: mcpUrl, headers } } }),
    /** VS Code's .vscode/mcp.json: `servers`, each with its `type`. */
    vscode: json({ servers: { [SERVER_NAME]: { type: "http", url: mcpUrl, headers } } }),
    /**
     * Claude Desktop's config file starts local servers only: mcp-remote bridges to the URL. The
     * header has no space and its value comes from `env`, as mcp-remote advises (arguments with
     * spaces are split on some platforms).
     */
    claudeDesktop: json({
      mcpServers: {
        [SERVER_NAME]: {
          command: "npx",
          args: ["-y", "mcp-remote", mcpUrl, "--header", `${KEY_HEADER}:\${API_KEY}`],
          env: { API_KEY: API_KEY_PLACEHOLDER },
        },
      },
    }),
    curl: `curl -H "${KEY_HEADER}: ${API_KEY_PLACEHOLDER}" "${new URL("/api/tools/?search=writing&limit=5", site).href}"`,
  };
}
