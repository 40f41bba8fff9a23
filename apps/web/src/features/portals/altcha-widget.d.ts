/*
 * <altcha-widget> in TSX: React 19 passes a custom element's attributes and properties through, and the
 * widget's own declarations name them (challenge, name, auto...). Types only; the widget itself is loaded
 * by captcha-field.tsx when the field shows.
 */
import type {} from 'altcha/types/react';
