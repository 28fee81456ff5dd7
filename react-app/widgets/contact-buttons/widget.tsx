import { safeUrl } from '../../../core/security/safe-url';
import { choices, str, type WidgetDefinition } from '../types';

interface Contact {
  contact_icon_platform?: string;
  label?: string;
  phone?: string;
  mail?: string;
  url?: string;
}

/** A call or text link to a phone number as people type it (digits, spaces, + ( ) . -), dialled as digits and +. */
const phoneHref = (scheme: 'tel' | 'sms', phone: string): string | null =>
  /^[+\d\s().-]{3,30}$/.test(phone) ? `${scheme}:${phone.replace(/[^+\d]/g, '')}` : null;

function contactHref(c: Contact): string | null {
  switch (c.contact_icon_platform) {
    case 'phone':
      return phoneHref('tel', str(c.phone));
    case 'sms':
      return phoneHref('sms', str(c.phone));
    case 'email':
      return /^[^\s@<>"]+@[^\s@<>"]+$/.test(str(c.mail)) ? `mailto:${str(c.mail)}` : null;
    default:
      return safeUrl(c.url);
  }
}

/** Contact buttons: a floating chat button opening a card of contact links (phone, SMS, email, links). */
export const contactButtons: WidgetDefinition = {
  type: 'contact-buttons',
  behaviour: { chunk: 'contact-buttons' },
  title: 'Contact Buttons',
  frontendSettings: [],
  controls: [
    { key: 'top_bar_title', label: 'Title', type: 'text' },
    { key: 'top_bar_subtitle', label: 'Subtitle', type: 'text' },
    { key: 'message_bubble_body', label: 'Message', type: 'textarea' },
    { key: 'chat_button_label', label: 'Button label', type: 'text' },
    {
      key: 'contact_buttons',
      label: 'Contact buttons',
      type: 'repeater',
      fields: [
        {
          key: 'contact_icon_platform',
          label: 'Platform',
          type: 'select',
          options: choices({ phone: 'Phone', sms: 'SMS', email: 'Email', url: 'Link' }),
        },
        { key: 'label', label: 'Label', type: 'text' },
        { key: 'phone', label: 'Phone number', type: 'text' },
        { key: 'mail', label: 'Email address', type: 'text' },
        { key: 'url', label: 'Link', type: 'url' },
      ],
    },
  ],
  defaults: {
    top_bar_title: 'Harvest Lane Market',
    top_bar_subtitle: 'We answer within the hour',
    message_bubble_body: 'Questions about an order? Get in touch.',
    contact_buttons: [{ contact_icon_platform: 'phone', label: 'Call the store', phone: '+1 555 0100' }],
  },
  render: (s, _ctx, node) => {
    const contacts = (Array.isArray(s.contact_buttons) ? s.contact_buttons : []) as Contact[];
    const cardId = `e-contact-${node.id}`;
    return (
      <div className="e-contact-buttons">
        <div className="e-contact-buttons__content" id={cardId} hidden role="group" aria-label={str(s.top_bar_title, 'Contact us')}>
          <div className="e-contact-buttons__top-bar">
            <p className="e-contact-buttons__top-bar-title">{str(s.top_bar_title, 'Contact us')}</p>
            <p className="e-contact-buttons__top-bar-subtitle">{str(s.top_bar_subtitle)}</p>
            <button type="button" className="e-contact-buttons__close-button" aria-label="Close contact buttons">
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <p className="e-contact-buttons__message">{str(s.message_bubble_body)}</p>
          <ul className="e-contact-buttons__links">
            {contacts.map((c, i) => {
              const href = contactHref(c);
              return href ? (
                <li key={i}>
                  <a className={`e-contact-buttons__contact-icon-link e-contact-${str(c.contact_icon_platform, 'link')}`} href={href}>
                    {str(c.label, str(c.contact_icon_platform, 'Contact'))}
                  </a>
                </li>
              ) : null;
            })}
          </ul>
        </div>
        <button
          type="button"
          className="e-contact-buttons__chat-button"
          aria-controls={cardId}
          aria-expanded="false"
          aria-label={str(s.chat_button_label, 'Open contact options')}
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="26" height="26" fill="currentColor">
            <path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z" />
          </svg>
        </button>
      </div>
    );
  },
};

export const floatingBars: WidgetDefinition = {
  type: 'floating-bars',
  behaviour: { chunk: 'floating-bars' },
  title: 'Floating Bar',
  frontendSettings: [],
  controls: [
    { key: 'announcement_text', label: 'Announcement', type: 'text' },
    { key: 'cta_text', label: 'Button text', type: 'text' },
    { key: 'cta_link', subKey: 'url', label: 'Button link', type: 'url' },
    { key: 'floating_bar_position', label: 'Position', type: 'select', options: choices({ '': 'Top', top: 'Top', bottom: 'Bottom' }) },
  ],
  defaults: {
    announcement_text: 'Free pickup on orders of $35 or more.',
    cta_text: 'Find a store',
    cta_link: { url: '/store/store-locator' },
  },
  render: (s) => {
    const href = safeUrl((s.cta_link as { url?: string } | undefined)?.url ?? s.cta_link);
    return (
      <div
        className={`e-floating-bars e-floating-bars--${s.floating_bar_position === 'bottom' ? 'bottom' : 'top'}`}
        role="region"
        aria-label={str(s.announcement_text, 'Announcement')}
      >
        <p className="e-floating-bars__announcement-text">{str(s.announcement_text)}</p>
        {href && s.cta_text ? (
          <a className="e-floating-bars__cta-button" href={href}>
            {str(s.cta_text)}
          </a>
        ) : null}
        <button type="button" className="e-floating-bars__close-button" aria-label="Close this bar">
          <span aria-hidden="true">×</span>
        </button>
      </div>
    );
  },
};
