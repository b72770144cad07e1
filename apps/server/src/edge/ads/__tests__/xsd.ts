/**
 * Validation of the ad server's answers against the IAB's schemas (fixtures/, see its README):
 * libxml2's XSD 1.0 through xmllint-wasm: the current VAST 4.2 as published, the earlier revision
 * and VMAP 1.0 with the adjustments the README explains.
 */
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const UNIVERSAL_AD_ID = '<xs:element name="UniversalAdId" minOccurs="1" maxOccurs="unbounded">';
const CREATIVE_SEQUENCE = new RegExp(
  `<xs:complexType name="Creative_Inline_type">[\\s\\S]*?<xs:element name="Linear"[\\s\\S]*?${UNIVERSAL_AD_ID}`,
);
/** The current VAST 4.2 (the head of the IAB's repository): a Creative's children in sequence. */
const VAST_XSD = fixture('vast_4.2.xsd');
if (!CREATIVE_SEQUENCE.test(VAST_XSD)) throw new Error('vast_4.2.xsd is not the current schema');
const earlier = fixture('vast_4.2-0177ef0.xsd');
if (!earlier.includes(UNIVERSAL_AD_ID)) throw new Error('vast_4.2-0177ef0.xsd is not the vendored schema');
/**
 * The earlier revision of VAST 4.2 as XSD 1.0 reads it (UniversalAdId once per creative inside its
 * xs:all, which admits a Creative's children in any order).
 */
const EARLIER_VAST_XSD = earlier.replace(
  UNIVERSAL_AD_ID,
  '<xs:element name="UniversalAdId" minOccurs="1" maxOccurs="1">',
);

const vmap = fixture('vmap_1.0.xsd');
const VAST3_NS = 'xmlns:vast="http://www.iab.net/videosuite/vast"';
const VAST3_IMPORT =
  '<xs:import namespace="http://www.iab.net/videosuite/vast" schemaLocation="vast3_draft.xsd"/>';
if (!vmap.includes(VAST3_NS) || !vmap.includes(VAST3_IMPORT))
  throw new Error('vmap_1.0.xsd is not the vendored schema');
/** VMAP 1.0 carrying VAST 4.2 inline (its VASTAdData points at the 4.2 schema). */
const VMAP_XSD = vmap
  .replace(VAST3_NS, 'xmlns:vast="http://www.iab.com/VAST"')
  .replace(VAST3_IMPORT, '<xs:import namespace="http://www.iab.com/VAST" schemaLocation="vast_4.2.xsd"/>');

export interface Validity {
  valid: boolean;
  errors: string[];
}

/** Against the current VAST 4.2 schema, or the earlier revision (`revision: 'earlier'`). */
export async function validateVast(
  xml: string,
  revision: 'current' | 'earlier' = 'current',
): Promise<Validity> {
  const result = await validateXML({
    xml: { fileName: 'answer.xml', contents: xml },
    schema: { fileName: 'vast_4.2.xsd', contents: revision === 'current' ? VAST_XSD : EARLIER_VAST_XSD },
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

export async function validateVmap(xml: string): Promise<Validity> {
  const result = await validateXML({
    xml: { fileName: 'answer.xml', contents: xml },
    schema: { fileName: 'vmap_1.0.xsd', contents: VMAP_XSD },
    preload: { fileName: 'vast_4.2.xsd', contents: VAST_XSD },
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
