import ToolCard from "../components/react/ToolCard";
import type { Tool } from "../lib/types";

/** A grid of tool cards, each with its save button (a tag page's tools). */
export default function ToolGrid({ tools }: { tools: Tool[] }) {
  return (
    <div className="grid">
      {tools.map((tool) => (
        <ToolCard key={tool.id} tool={tool} />
      ))}
    </div>
  );
}
