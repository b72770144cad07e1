/**
 * Validation of the ad server's answers against the IAB's schemas (fixtures/, see its README):
 * libxml2's XSD 1.0 through xmllint-wasm, with the two adjustments the README explains.
 */
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const UNIVERSAL_AD_ID = '<xs:element name="UniversalAdId" minOccurs="1" maxOccurs="unbounded">';
const vast42 = fixture('vast_4.2.xsd');
if (!vast42.includes(UNIVERSAL_AD_ID)) throw new Error('vast_4.2.xsd is not the vendored schema');
/** VAST 4.2 as XSD 1.0 reads it (UniversalAdId once per creative inside its xs:all). */
const VAST_XSD = vast42.replace(
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

export async function validateVast(xml: string): Promise<Validity> {
  const result = await validateXML({
    xml: { fileName: 'answer.xml', contents: xml },
    schema: { fileName: 'vast_4.2.xsd', contents: VAST_XSD },
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
