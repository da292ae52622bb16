import { parseArgs } from "node:util";
import { generateDataset } from "../db/dataset";

/** npm run dataset -- --tools N [--out data/dataset-N.db] [--seed 7] */
const { values } = parseArgs({
  options: {
    tools: { type: "string", default: "10000" },
    out: { type: "string" },
    seed: { type: "string", default: "7" },
  },
});
const count = Number(values.tools);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error("--tools must be an integer from 1 to 2000000");
  process.exit(2);
}
const out = values.out ?? `data/dataset-${count}.db`;
const started = Date.now();
await generateDataset({ path: out, tools: count, seed: Number(values.seed) });
console.log(`${count} tools written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
