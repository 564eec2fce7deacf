// The operator's view of a test server: every server the tests start is given this HEALTH_TOKEN,
// so a test can read the detailed report (installation id, boot count, plugins, ffmpeg).

export const TEST_HEALTH_TOKEN = 'test-operator-health-token-0123456789';

/** GET /api/health/details as the operator; the answer's status and JSON body. */
export async function healthDetails(
  baseUrl: string,
  // Tests read the report field by field: untyped JSON is the honest type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${baseUrl}/api/health/details`, {
    headers: { authorization: `Bearer ${TEST_HEALTH_TOKEN}` },
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}
