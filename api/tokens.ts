import { jwtVerify, SignJWT } from "jose";

const ISSUER = "ai-tools-directory";

export async function signToken(secret: Uint8Array, userId: number, version: number, ttl: string): Promise<string> {
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(ttl)
    .sign(secret);
}

/** Verifies a token: HS256 only, issuer and expiry required. Returns null for any bad token. */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
): Promise<{ userId: number; version: number; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      requiredClaims: ["exp", "sub", "iat"],
    });
    const userId = Number(payload.sub);
    const version = Number(payload.ver ?? -1);
    const issuedAt = Number(payload.iat);
    if (!Number.isSafeInteger(userId) || userId < 1 || !Number.isInteger(version)) return null;
    if (!Number.isFinite(issuedAt)) return null;
    return { userId, version, issuedAt };
  } catch {
    return null;
  }
}
