import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { type LegalDocument, PRIVACY_POLICY, TERMS_OF_SERVICE } from '@shared/legal';
import { Link } from 'react-router';

function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Anchor component={Link} to="/" size="sm">
          Lateral Passport
        </Anchor>
        <Title order={1}>{doc.title}</Title>
        <Text c="dimmed" size="sm">
          Last updated {doc.updated}
        </Text>
        {doc.sections.map((section) => (
          <Stack key={section.heading} gap={6}>
            <Title order={2} fz="h4">
              {section.heading}
            </Title>
            {section.paragraphs.map((p) => (
              <Text key={p.slice(0, 40)}>{p}</Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}

export function TermsPage() {
  return <LegalPage doc={TERMS_OF_SERVICE} />;
}

export function PrivacyPage() {
  return <LegalPage doc={PRIVACY_POLICY} />;
}
