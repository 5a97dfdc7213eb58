import { X509Certificate } from 'node:crypto';
import { certificateBody, certificatePem } from '@domain/saml-sign-on';
import { DOMParser } from '@xmldom/xmldom';

/**
 * Reading what an admin pastes (decision 232): the IdP's metadata XML (Entra
 * ID's "Federation Metadata XML", ADFS's FederationMetadata.xml, Shibboleth's
 * metadata) and certificates. Only reading: nothing here is fetched.
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export type MetadataResult =
  | { ok: true; entityId: string; ssoUrl: string; sloUrl: string; certificates: string[] }
  | { ok: false; problem: 'saml_metadata_invalid' | 'saml_metadata_no_idp' | 'saml_metadata_no_redirect' | 'saml_certificate_invalid' };

const elements = (node: Element | Document, ns: string, name: string): Element[] =>
  Array.from(node.getElementsByTagNameNS(ns, name) as unknown as ArrayLike<Element>);

/** The body of a certificate that really is one (parsed as X.509), else null. */
export function checkedCertificate(text: string): string | null {
  const body = certificateBody(text);
  if (!body) return null;
  try {
    new X509Certificate(certificatePem(body));
    return body;
  } catch {
    return null;
  }
}

/** Subject, end of validity and SHA-256 fingerprint of a stored certificate, for the admin screen. */
export function certificateSummary(body: string): { subject: string; validTo: string; fingerprint: string } {
  try {
    const c = new X509Certificate(certificatePem(body));
    return { subject: c.subject.replace(/\n/g, ', '), validTo: new Date(c.validTo).toISOString(), fingerprint: c.fingerprint256 };
  } catch {
    return { subject: '', validTo: '', fingerprint: '' };
  }
}

/**
 * Entity id, sign-in and logout address (HTTP-Redirect binding) and signing certificates
 * of the first IdP in the metadata. A document without a parsable root, or
 * with a DOCTYPE (entities are never expanded), is not metadata.
 */
export function parseIdpMetadata(xml: string): MetadataResult {
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, problem: 'saml_metadata_invalid' };
  let doc: Document;
  let broken = false;
  try {
    const fail = () => {
      broken = true;
    };
    doc = new DOMParser({ errorHandler: { warning: () => {}, error: fail, fatalError: fail } }).parseFromString(
      xml.trim(),
      'text/xml',
    ) as unknown as Document;
  } catch {
    return { ok: false, problem: 'saml_metadata_invalid' };
  }
  if (broken || !doc?.documentElement || doc.documentElement.namespaceURI !== MD) return { ok: false, problem: 'saml_metadata_invalid' };
  const idp = elements(doc, MD, 'IDPSSODescriptor')[0];
  const entity = idp?.parentNode as Element | null;
  const entityId = entity?.getAttribute?.('entityID')?.trim() ?? '';
  if (!idp || !entityId) return { ok: false, problem: 'saml_metadata_no_idp' };
  const sso = elements(idp, MD, 'SingleSignOnService').find((e) => e.getAttribute('Binding') === REDIRECT);
  const ssoUrl = sso?.getAttribute('Location')?.trim() ?? '';
  if (!ssoUrl) return { ok: false, problem: 'saml_metadata_no_redirect' };
  // Single logout by HTTP-Redirect, when the IdP offers it; else signing out ends the Buchbar session only.
  const slo = elements(idp, MD, 'SingleLogoutService').find((e) => e.getAttribute('Binding') === REDIRECT);
  const sloUrl = slo?.getAttribute('Location')?.trim() ?? '';
  const certificates: string[] = [];
  for (const key of elements(idp, MD, 'KeyDescriptor')) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of elements(key, DS, 'X509Certificate')) {
      const body = checkedCertificate(cert.textContent ?? '');
      if (!body) return { ok: false, problem: 'saml_certificate_invalid' };
      if (!certificates.includes(body)) certificates.push(body);
    }
  }
  return { ok: true, entityId, ssoUrl, sloUrl, certificates: certificates.slice(0, 5) };
}
