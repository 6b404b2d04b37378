/** Builds the whole reference data set from a seed and sizes (docs/design.md §6). */
import { buildAnalytics } from "./buildAnalytics.js";
import { buildLandingPages } from "./buildLandingPages.js";
import { buildRoles, FILTER_AREAS } from "./buildRoles.js";
import { buildWidgets } from "./buildWidgets.js";
import { DEFAULT_SIZES, type ReferenceData, type ReferenceSizes } from "./referenceData.js";
import { createSeededRandom } from "./seededRandom.js";

/** The tenant domain of every id. */
const REFERENCE_TENANT = "acme.com.br";

function checkSize(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > 100_000) {
    throw new Error(`size of ${name} must be an integer from 0 to 100000, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Same seed and sizes, same data. */
export function buildReferenceData(seed: number, sizes: Partial<ReferenceSizes> = {}): ReferenceData {
  const wanted = { ...DEFAULT_SIZES, ...sizes };
  const translations: Record<string, string> = {};
  // Each kind has its own stream, so changing one size does not reshuffle the others.
  const widgets = buildWidgets(
    createSeededRandom(seed ^ 0x57),
    REFERENCE_TENANT,
    checkSize("widgets", wanted.widgets),
    translations,
  );
  const landingPages = buildLandingPages(
    createSeededRandom(seed ^ 0x1a),
    REFERENCE_TENANT,
    checkSize("landingPages", wanted.landingPages),
  );
  const analytics = buildAnalytics(
    createSeededRandom(seed ^ 0xa7),
    REFERENCE_TENANT,
    checkSize("analytics", wanted.analytics),
  );
  const roles = buildRoles(createSeededRandom(seed ^ 0x20));
  const [domainName, serviceName] = FILTER_AREAS[0] ?? ["hcm", "payroll"];
  return { tenant: REFERENCE_TENANT, widgets, landingPages, analytics, roles, translations, domainName, serviceName };
}
