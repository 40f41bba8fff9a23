import { Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '@/ui/section-card';

type FormSectionProps = {
  title: string;
  description?: ReactNode;
  /** A section with a toggle shows its fields only while it is on (spec section 3: all off by default). */
  toggle?: { checked: boolean; onChange: (checked: boolean) => void; label: string };
  children: ReactNode;
};

/** A titled card of the patient form, optionally switched on and off by its toggle. */
export function FormSection({ title, description, toggle, children }: FormSectionProps) {
  const open = toggle === undefined || toggle.checked;
  return (
    <SectionCard
      title={title}
      description={description}
      aside={
        toggle !== undefined && (
          <Switch
            aria-label={toggle.label}
            size="md"
            checked={toggle.checked}
            onChange={(event) => toggle.onChange(event.currentTarget.checked)}
          />
        )
      }
    >
      {open && children}
    </SectionCard>
  );
}
