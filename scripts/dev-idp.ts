/**
 * `npm run dev:idp`: a local OpenID Connect provider for trying single sign-on
 * (decision 100). It runs until Ctrl+C and prints what a tenant admin enters
 * under /admin/mandanten → "Anmeldung über einen Anbieter".
 */
import { IDP_PASSWORD, startTestIdp } from '../test/support/oidc-idp';

const port = Number(process.env.IDP_PORT ?? 4010);
const idp = await startTestIdp({
  port,
  name: 'Stadtwerke-Login (Demo)',
  accounts: [
    { sub: 'sso-anna', email: 'anna.sonne@stadtwerke.test', given_name: 'Anna', family_name: 'Sonne' },
    { sub: 'sso-bernd', email: 'bernd.berg@stadtwerke.test', given_name: 'Bernd', family_name: 'Berg' },
  ],
});
console.log(`Test-Anmeldedienst läuft: ${idp.issuer}
  Aussteller-Adresse (Issuer): ${idp.issuer}
  Client-ID:                   ${idp.clientId}
  Client-Secret:               ${idp.clientSecret}
  Personen: anna.sonne@stadtwerke.test, bernd.berg@stadtwerke.test (Passwort ${IDP_PASSWORD})`);
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
