import { z } from 'zod';

/**
 * What the game page reads from a title's variant (games.variant): its colours and the round
 * parameters it preselects. Read leniently: a key that is missing or out of range falls back
 * to the game's own default, so any variant still plays.
 */

const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const paletteSchema = z.object({ base: colourSchema, glow: colourSchema, accent: colourSchema });
export type VariantPalette = z.infer<typeof paletteSchema>;

export function variantPalette(variant: Record<string, unknown>): VariantPalette | null {
  const parsed = paletteSchema.safeParse(variant.palette);
  return parsed.success ? parsed.data : null;
}

/** A preselected value, when the variant has one the schema accepts. */
export function variantValue<Value>(
  variant: Record<string, unknown>,
  key: string,
  schema: z.ZodType<Value>,
  fallback: Value,
): Value {
  const parsed = schema.safeParse(variant[key]);
  return parsed.success ? parsed.data : fallback;
}

/** `#rrggbb` with an alpha in 0..1 as `#rrggbbaa`. */
export function withAlpha(colour: string, alpha: number): string {
  const byte = Math.round(Math.min(1, Math.max(0, alpha)) * 255);
  return `${colour}${byte.toString(16).padStart(2, '0')}`;
}

/** The stage's backdrop in the title's colours: its glow over its dark base. */
export function stageBackground(palette: VariantPalette | null): string | undefined {
  if (!palette) return undefined;
  return `radial-gradient(ellipse at 50% 0%, ${withAlpha(palette.glow, 0.28)}, transparent 65%), ${palette.base}`;
}
