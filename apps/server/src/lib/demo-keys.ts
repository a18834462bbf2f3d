// Demo-only keys, published with the source: the production configuration check refuses them.

/** The DEMO signing key, matching core's DEMO_HOT_UPDATE_PUBLIC_KEY; refused in production. */
export const DEMO_HOT_UPDATE_SIGNING_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIIWjDM6vToVn6E1mvMoHgieGgbcaW677GIuW3n641pFi
-----END PRIVATE KEY-----
`;
