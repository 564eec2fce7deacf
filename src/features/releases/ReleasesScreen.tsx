// /spotify-canvas-videos/releases: the release posts, newest first, each with the moving preview
// of the Canvas template it introduces or changes.
import { Anchor, Badge, Box, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import {
  formatPostDate,
  RELEASE_POSTS,
  releasePostPath,
  templatesOf,
  type ReleasePost,
} from './release-posts';
import classes from './releases.module.css';
import { ReleasePreviewStage, TemplatePreview } from './TemplatePreviews';

/** Templates named under a post; a launch of many says how many more. */
const BADGES = 3;

/** Backing width of a list preview: it is shown at most about 180 px wide. */
const LIST_BACKING_WIDTH = 360;

function PostCard({ post }: { post: ReleasePost }) {
  const templates = templatesOf(post);
  const headingId = `release-${post.id}`;
  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      shadow="xs"
      padding="md"
      aria-labelledby={headingId}
      data-testid="release-post"
      data-post={post.id}
    >
      <div className={classes.postCard}>
        {templates[0] && (
          <Box className={classes.listPreview}>
            <TemplatePreview template={templates[0]} maxBacking={LIST_BACKING_WIDTH} />
          </Box>
        )}
        <Stack gap={8} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" component="time" dateTime={post.date}>
            {formatPostDate(post.date)}
          </Text>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id={headingId}>
            <Anchor component={Link} to={releasePostPath(post.id)} inherit c="inherit">
              {post.title}
            </Anchor>
          </Title>
          <Text c="dimmed">{post.summary}</Text>
          <Group gap={6}>
            {templates.slice(0, BADGES).map((template) => (
              <Badge key={template.name} variant="light" radius="sm">
                {template.title}
              </Badge>
            ))}
            {templates.length > BADGES && (
              <Badge variant="outline" radius="sm">
                {`+${templates.length - BADGES} more`}
              </Badge>
            )}
          </Group>
          <Anchor
            component={Link}
            to={releasePostPath(post.id)}
            fw={600}
            size="sm"
            aria-label={`Read the post: ${post.title}`}
          >
            <Group gap={4} component="span">
              Read the post <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      </div>
    </Card>
  );
}

export function ReleasesScreen({ title, description }: { title: string; description: string }) {
  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <ReleasePreviewStage>
        <Stack gap="lg" data-testid="release-posts">
          {RELEASE_POSTS.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </Stack>
      </ReleasePreviewStage>
      {RELEASE_POSTS.length === 0 && (
        <Text c="dimmed">No release posts yet. New Canvas templates will be announced here.</Text>
      )}
    </Container>
  );
}
