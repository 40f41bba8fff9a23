import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useReferralFormTemplates, useReferralForms } from '../referral-forms';
import { formAnswerSections } from '../form-answers';

/** The referral forms, read-only: each template's section titles and answered fields. */
export function FormsSection({ referralId }: { referralId: string }) {
  const templates = useReferralFormTemplates(referralId);
  const forms = useReferralForms(referralId);
  if (templates.isPending || forms.isPending) {
    return (
      <SectionCard title="Referral form">
        <Loader size="sm" aria-label="Loading the referral form" />
      </SectionCard>
    );
  }
  if (templates.isError || forms.isError) {
    return (
      <SectionCard title="Referral form">
        <Text role="alert">The referral form could not be loaded. Please try again.</Text>
      </SectionCard>
    );
  }
  const filled = templates.data
    .map((template) => ({
      template,
      sections: formAnswerSections(template, forms.data.forms[template.name] ?? {}),
    }))
    .filter(({ sections }) => sections.length > 0);
  return (
    <SectionCard title="Referral form">
      {filled.length === 0 ? (
        <Text c="gray.7">No form was filled in for this referral.</Text>
      ) : (
        <Stack gap="lg">
          {filled.map(({ template, sections }) => (
            <Stack key={template.name} gap="sm">
              {filled.length > 1 && (
                <Title order={3} fz="h5">
                  {template.title}
                </Title>
              )}
              {sections.map((section) => (
                <Stack key={section.title} gap={6}>
                  <Text fw={600} size="sm">
                    {section.title}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={6} component="dl" m={0}>
                    {section.answers.map((answer) => (
                      <div key={answer.name}>
                        <Text component="dt" size="xs" c="gray.7">
                          {answer.title}
                        </Text>
                        <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                          {answer.value}
                        </Text>
                      </div>
                    ))}
                  </SimpleGrid>
                </Stack>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
