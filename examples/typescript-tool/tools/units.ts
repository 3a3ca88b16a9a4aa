import { z } from 'zod';
import { defineTool } from '@massgen/tool-utils';

/** How many grams or millilitres one of each unit is. */
const units = {
  g: 1,
  kg: 1000,
  oz: 28.3495,
  lb: 453.592,
  ml: 1,
  l: 1000,
  cup: 236.588,
  tbsp: 14.7868,
  tsp: 4.92892,
} as const;

const unit = z.enum(Object.keys(units));
const weights = new Set(['g', 'kg', 'oz', 'lb']);

export const convertUnits = defineTool({
  name: 'convert_units',
  description: 'Converts a quantity between kitchen units of the same kind (weights, or volumes).',
  inputSchema: z.object({
    amount: z.number().positive().describe('The quantity to convert'),
    from: unit.describe('The unit it is in'),
    to: unit.describe('The unit wanted'),
  }),
  execute: ({ amount, from, to }) => {
    if (weights.has(from) !== weights.has(to)) {
      throw new Error(`cannot convert ${from} to ${to}: one is a weight and the other a volume`);
    }
    const converted = (amount * units[from]) / units[to];
    return `${amount} ${from} is ${Number(converted.toFixed(2))} ${to}`;
  },
});
