/**
 * `npm run dev:idp`: a local OpenID Connect provider for trying single sign-on
 * (decision 100). It runs until Ctrl+C. The demo's Stadtwerke are seeded with
 * its issuer, client id and client secret (`DEMO_IDP`), so their login page
 * shows "Mit Stadtwerke-Login (Demo) anmelden" and signs in through it; other
 * tenants enter the printed values under /admin/mandanten →
 * "Anmeldung über einen Anbieter".
 */
import { DEMO_IDP } from '@db/seed/single-sign-on';
import { IDP_PASSWORD, startTestIdp } from '../test/support/oidc-idp';

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
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
