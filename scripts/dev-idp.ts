/**
 * `npm run dev:idp`: a local OpenID Connect provider for trying single sign-on
 * (decision 100) and, where PHP and Debian's simplesamlphp are installed, a
 * SAML 2.0 identity provider for the Bibliothek (decision 232). It runs until Ctrl+C. The demo's Stadtwerke are seeded with
 * its issuer, client id and client secret (`DEMO_IDP`), so their login page
 * shows "Mit Stadtwerke-Login (Demo) anmelden" and signs in through it; other
 * tenants enter the printed values under /admin/mandanten →
 * "Anmeldung über einen Anbieter".
 */

import { existsSync } from 'node:fs';
import { DEMO_IDP } from '@db/seed/single-sign-on';
import { IDP_PASSWORD, startTestIdp } from '../test/support/oidc-idp';
import { SAML_IDP_PASSWORD, SIMPLESAMLPHP_WWW, startTestSamlIdp, type TestSamlIdp } from '../test/support/saml-idp';

const port = Number(process.env.IDP_PORT ?? DEMO_IDP.port);
const idp = await startTestIdp({
  port,
  name: DEMO_IDP.providerName,
  accounts: [
    { sub: 'sso-anna', email: 'anna.sonne@stadtwerke.test', given_name: 'Anna', family_name: 'Sonne' },
    { sub: 'sso-bernd', email: 'bernd.berg@stadtwerke.test', given_name: 'Bernd', family_name: 'Berg' },
  ],
});
console.log(`Test-Anmeldedienst läuft: ${idp.issuer}
  Aussteller-Adresse (Issuer): ${idp.issuer}
  Client-ID:                   ${idp.clientId}
  Client-Secret:               ${idp.clientSecret}
  Personen: anna.sonne@stadtwerke.test, bernd.berg@stadtwerke.test (Passwort ${IDP_PASSWORD})
  ${
    idp.issuer === DEMO_IDP.issuer
      ? 'Die Stadtwerke der Demodaten sind schon darauf eingerichtet: http://stadtwerke.localhost:3000/login → „Mit Stadtwerke-Login (Demo) anmelden“.'
      : `Die Demodaten der Stadtwerke erwarten ${DEMO_IDP.issuer}; unter /admin/mandanten die Aussteller-Adresse oben eintragen.`
  }`);

// SAML for the Bibliothek: its readers sign in through a university's IdP in real life (Shibboleth).
const samlPort = Number(process.env.SAML_IDP_PORT ?? 4011);
const library = `http://bibliothek.localhost:${process.env.PORT ?? 3000}`;
let saml: TestSamlIdp | null = null;
if (existsSync(SIMPLESAMLPHP_WWW)) {
  saml = await startTestSamlIdp({
    port: samlPort,
    users: [{ username: 'lena', mail: 'lena.lesezeichen@bibliothek.test', givenName: 'Lena', sn: 'Lesezeichen' }],
    serviceProviders: [
      {
        entityId: `${library}/api/auth/saml/metadata`,
        acsUrl: `${library}/api/auth/saml/acs`,
        sloUrl: `${library}/api/auth/saml/slo`,
      },
    ],
  });
  console.log(`SAML-Test-IdP läuft: ${saml.baseUrl}
  Metadaten: ${saml.entityId}
  Person: lena (Passwort ${SAML_IDP_PASSWORD})
  Einrichten: ${library}/admin/mandanten als admin@bibliothek.test → „Anmeldung über einen Anbieter“ → SAML 2.0,
  den Inhalt der Metadaten-Adresse einfügen, die Attribute lassen, wie sie sind (Buchbar findet mail, givenName und sn auch so), speichern.
  Der Schlüssel des IdP ist bei jedem Start neu: nach einem Neustart die Metadaten erneut einfügen.`);
} else {
  console.log('Kein SAML-Test-IdP: simplesamlphp ist nicht installiert (Debian: simplesamlphp php-cli php-xml php-mbstring).');
}
const stop = () => void Promise.all([idp.close(), saml?.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
