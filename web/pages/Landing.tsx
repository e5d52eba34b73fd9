import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconChecklist,
  IconClipboardList,
  IconFileCertificate,
  IconMailForward,
  IconMessages,
  IconTimeline,
} from '@tabler/icons-react';
import { Link } from 'react-router';

const FEATURES = [
  {
    title: 'Master LPQ Creation',
    text: 'Answer the lateral partner questionnaire once: history, financials, clients and disclosures in one place.',
    icon: IconFileCertificate,
  },
  {
    title: 'Invitation System',
    text: 'Firms invite candidates to a position by email; the request lands in the attorney’s account.',
    icon: IconMailForward,
  },
  {
    title: 'Response Tracking',
    text: 'See every request and its status, from pending to review complete, on one screen.',
    icon: IconTimeline,
  },
  {
    title: 'Custom LPQ Sections',
    text: 'Firms add their own questions to the standard questionnaire for each position.',
    icon: IconClipboardList,
  },
  {
    title: 'LPQ Invitations',
    text: 'Share your package with a firm in one click, or decline with a reason. Both sides are told by email.',
    icon: IconChecklist,
  },
  {
    title: 'Response Management',
    text: 'Firms review a frozen copy of what was shared, mark it under review and export it as PDF.',
    icon: IconMessages,
  },
];

// Sign In and Get Started in the header navigate the browser to /api/login (spec 2.2).
const goToLogin = () => {
  window.location.href = '/api/login';
};

export default function Landing() {
  return (
    <Box>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="md">
          <Group justify="space-between">
            <Text fw={800} fz="lg" c="navy.9">
              Lateral Passport
            </Text>
            <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm">
              <Anchor href="#home" c="dark">
                Home
              </Anchor>
              <Anchor href="#features" c="dark">
                Features
              </Anchor>
              <Anchor href="#about" c="dark">
                About
              </Anchor>
            </Group>
            <Group gap="xs">
              <Button variant="subtle" onClick={goToLogin}>
                Sign In
              </Button>
              <Button onClick={goToLogin}>Get Started</Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <main>
        <Box id="home" bg="navy.9" c="white" py={{ base: 56, sm: 96 }}>
          <Container size="lg">
            <Stack gap="lg" maw={720}>
              <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1}>
                One lateral partner questionnaire. Every firm that invites you.
              </Title>
              <Text fz="lg" c="navy.1">
                Lateral Passport standardizes the LPQ: attorneys complete one master questionnaire and share
                it in one click; firms invite candidates, add their own questions and review what was shared.
              </Text>
              <Group>
                <Button component={Link} to="/auth" size="lg" color="white" c="navy.9">
                  Get Started
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>

        <Container id="features" size="lg" py={{ base: 48, sm: 80 }}>
          <Stack gap="xl">
            <Title order={2} ta="center">
              Everything a lateral move needs
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {FEATURES.map((f) => (
                <Card key={f.title} withBorder padding="lg">
                  <ThemeIcon size="lg" variant="light" mb="md">
                    <f.icon size={20} aria-hidden />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mb={6}>
                    {f.title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {f.text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>

        <Box bg="navy.0" py="xl" id="about">
          <Container size="lg">
            <Text ta="center" fz="lg" fw={600} c="navy.9">
              Trusted by recruiting teams at over 15% of the AmLaw100.
            </Text>
            <Text ta="center" c="dimmed" mt="xs">
              Confidential by design: a firm sees only what an attorney shared with it, and every view is
              recorded.
            </Text>
          </Container>
        </Box>

        <Container size="sm" py={{ base: 48, sm: 80 }}>
          <Stack align="center" gap="md">
            <Title order={2} ta="center">
              Ready to make your next move simpler?
            </Title>
            <Text c="dimmed" ta="center">
              Create your account and complete your master LPQ once.
            </Text>
            <Button component={Link} to="/auth" size="md">
              Create your account
            </Button>
          </Stack>
        </Container>
      </main>
      <Box
        component="footer"
        bg="gray.0"
        py="xl"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Lateral Passport
            </Text>
            <Group gap="lg">
              <Anchor component={Link} to="/auth" size="sm" c="dimmed">
                For Attorneys
              </Anchor>
              <Anchor component={Link} to="/register/firm" size="sm" c="dimmed">
                For Firms
              </Anchor>
              <Anchor href="mailto:support@lateralpassport.com" size="sm" c="dimmed">
                Support
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
