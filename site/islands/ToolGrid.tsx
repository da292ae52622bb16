import ToolCard from "../components/react/ToolCard";
import type { ToolCardData } from "../lib/types";

/** A grid of tool cards, each with its save button (a tag page's tools). */
export default function ToolGrid({ tools }: { tools: ToolCardData[] }) {
  return (
    <div className="grid">
      {tools.map((tool) => (
        <ToolCard key={tool.id} tool={tool} />
      ))}
    </div>
  );
}
