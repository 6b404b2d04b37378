/**
 * A throwaway self-signed certificate (EC P-256, valid to 2126) and its private key, made once with openssl for
 * tests that need PEM files this process can parse without openssl at test time. It signs and trusts nothing.
 */

/** The certificate, PEM. */
export const FIXTURE_CERTIFICATE_PEM = `-----BEGIN CERTIFICATE-----
MIIBpTCCAUugAwIBAgIUFPcUQJcLJM4CUYCluvAhmGA5ZdcwCgYIKoZIzj0EAwIw
JzElMCMGA1UEAwwcY21zLWNvbmZvcm1hbmNlIHRlc3QgZml4dHVyZTAgFw0yNjEy
MDIwMTA4NDBaGA8yMTI2MTEwODAxMDg0MFowJzElMCMGA1UEAwwcY21zLWNvbmZv
cm1hbmNlIHRlc3QgZml4dHVyZTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABGkP
lVrnb33cf2XWR0V0Sb278Kc3lsFVMsAuLpKuv6duQbR6j6BXKRX+54QHCW1VQGZ7
SAJEILxAeSVgczfTl1CjUzBRMB0GA1UdDgQWBBTqiKCaGEqG65AfLtRB6ahfUuoj
WDAfBgNVHSMEGDAWgBTqiKCaGEqG65AfLtRB6ahfUuojWDAPBgNVHRMBAf8EBTAD
AQH/MAoGCCqGSM49BAMCA0gAMEUCIFLTrmXLV9OynN7k8chHz8PAuWH7q4eE20M0
gMTGN2wpAiEAqRPtMWR6QurSBTwHfbmVdCClhp8zqRgIQacerYUUQrU=
-----END CERTIFICATE-----`;

/** Its private key, PEM (PKCS#8). */
export const FIXTURE_PRIVATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgbqEEPCuLYT92xxks
FC7kVG4Q/oyrjwDQyRgWleuOie+hRANCAARpD5Va52993H9l1kdFdEm9u/CnN5bB
VTLALi6Srr+nbkG0eo+gVykV/ueEBwltVUBme0gCRCC8QHklYHM305dQ
-----END PRIVATE KEY-----`;
