import { Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { CopyTextButton } from '../../ui/CopyTextButton';

/** The licence public key as PEM, and how to check a key with it offline (openssl or Node). */
export function PublicKeyPanel({ publicKey }: { publicKey: string | null }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="public-key-heading">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} fz="h3" id="public-key-heading">
          Public key for offline checks
        </Title>
        {publicKey && (
          <CopyTextButton
            text={publicKey}
            label="Copy public key"
            confirmation="Public key copied"
          />
        )}
      </Group>
      <Text c="dimmed">
        Every licence key is signed with Waveframe’s Ed25519 private key. Anyone can check a key
        with the public key below, without asking our servers: the plugin does so when you activate
        it.
      </Text>
      {publicKey ? (
        <Code
          block
          data-testid="licence-public-key"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {publicKey.trim()}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          The public key is shown once this page has reached the server.
        </Text>
      )}
      <Text fw={600} mt="xs">
        Check a key yourself
      </Text>
      <List type="ordered" spacing={6} size="sm">
        <List.Item>
          A key reads <Code>WF1.payload.signature</Code>. The payload is base64url JSON: your user
          id as <Code>sub</Code>, the plugin, and when the key was issued and expires as{' '}
          <Code>iat</Code> and <Code>exp</Code> in Unix seconds.
        </List.Item>
        <List.Item>
          The signature covers the text before the last dot, <Code>WF1.payload</Code>.
        </List.Item>
        <List.Item>
          Save the public key as <Code>waveframe-plugins.pem</Code> and run:
          <Code block mt={6} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {[
              "KEY='WF1.…'",
              'printf %s "${KEY%.*}" > message.txt',
              'printf %s== "${KEY##*.}" | tr _- /+ | base64 -d > signature.bin',
              'openssl pkeyutl -verify -pubin -inkey waveframe-plugins.pem -rawin \\',
              '  -in message.txt -sigfile signature.bin',
            ].join('\n')}
          </Code>
          OpenSSL answers <Code>Signature Verified Successfully</Code> for a genuine key.
        </List.Item>
      </List>
    </Stack>
  );
}
