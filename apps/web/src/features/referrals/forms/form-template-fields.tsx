import { Stack, Tabs } from '@mantine/core';
import { hiddenFormFields, switchedOffFormFields } from '@referrals/domain/referrals/forms/form-visibility';
import type {
  FormData,
  FormField,
  FormSection,
  FormTemplate,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { SectionCard } from '@/ui/section-card';
import { FormFieldInput, type FieldInputProps } from './form-field-input';

type TemplateFieldsProps = Pick<FieldInputProps, 'onChange' | 'renderFile'> & {
  template: FormTemplate;
  values: FormData;
  /** Messages of a 400, by field name. */
  errors: Record<string, string>;
};

/**
 * A receiver's form template as a form (section 3 Form template): its sections as cards, a section's
 * switch beside its title, tabs, every field type. A field whose visibility rule is false is not shown,
 * nor are the other fields of a switched-off section; the server clears both on save (section 4 Hidden
 * form data). Reused by the referral page to show and edit the forms.
 */
export function FormTemplateFields({ template, values, errors, onChange, renderFile }: TemplateFieldsProps) {
  const hidden = hiddenFormFields(template, values);
  const off = switchedOffFormFields(template, values);
  const fields = (list: readonly FormField[] | undefined) =>
    (list ?? []).map((field) => (
      <FieldWithChildren
        key={field.name}
        field={field}
        shown={(name) => !hidden.has(name) && !off.has(name)}
        values={values}
        errors={errors}
        onChange={onChange}
        renderFile={renderFile}
      />
    ));
  return (
    <Stack gap="lg">
      {template.sections.map((section, index) => {
        const switchField = switchOf(section);
        return (
          <SectionCard
            key={`${index}-${section.title}`}
            title={section.title}
            aside={
              switchField && (
                <FormFieldInput
                  field={switchField}
                  values={values}
                  onChange={onChange}
                  error={errors[switchField.name]}
                  renderFile={renderFile}
                />
              )
            }
          >
            {(section.fields?.some((field) => field !== switchField && !off.has(field.name)) ||
              (section.tabs?.length ?? 0) > 0) && (
              <Stack gap="md">
                {fields(section.fields?.filter((field) => field !== switchField))}
                {section.tabs !== undefined && section.tabs.length > 0 && (
                  <Tabs defaultValue="0">
                    <Tabs.List>
                      {section.tabs.map((tab, tabIndex) => (
                        <Tabs.Tab key={tab.title} value={String(tabIndex)}>
                          {tab.title}
                        </Tabs.Tab>
                      ))}
                    </Tabs.List>
                    {section.tabs.map((tab, tabIndex) => (
                      <Tabs.Panel key={tab.title} value={String(tabIndex)} pt="md">
                        <Stack gap="md">{fields(tab.fields)}</Stack>
                      </Tabs.Panel>
                    ))}
                  </Tabs>
                )}
              </Stack>
            )}
          </SectionCard>
        );
      })}
    </Stack>
  );
}

/** The field that switches a section on and off, drawn beside the section's title. */
function switchOf(section: FormSection): FormField | undefined {
  return section.has_switch ? section.fields?.find((field) => field.is_switch) : undefined;
}

function FieldWithChildren({
  field,
  shown,
  values,
  errors,
  onChange,
  renderFile,
}: Omit<TemplateFieldsProps, 'template'> & { field: FormField; shown: (name: string) => boolean }) {
  if (!shown(field.name)) return null;
  // array_object draws its children per row itself.
  const children = field.type === 'array_object' ? [] : (field.children ?? []);
  return (
    <>
      <FormFieldInput
        field={field}
        values={values}
        onChange={onChange}
        error={errors[field.name]}
        renderFile={renderFile}
      />
      {children.map((child) => (
        <FieldWithChildren
          key={child.name}
          field={child}
          shown={shown}
          values={values}
          errors={errors}
          onChange={onChange}
          renderFile={renderFile}
        />
      ))}
    </>
  );
}
