import type { SeedArticle, SeedCategory, SeedReview, SeedTag, SeedTool } from "./types";

/**
 * Demo content for the directory: real, well-known AI tools, described in our own words.
 * Plain data only; db/seed/index.ts turns it into rows.
 */

export const categories: SeedCategory[] = [
  {
    slug: "chatbots",
    name: "Chatbots & Assistants",
    description:
      "General-purpose AI assistants that chat, answer questions, write, summarise and help you reason through problems.",
    long_form_content: `General-purpose assistants are the front door to modern AI. You type or speak a request and the assistant drafts text, explains a concept, summarises a document or helps you plan, all in one conversation.

Most of them now accept files and images, search the web and remember preferences. The differences lie in the underlying models, the limits of the free tier and how well each assistant fits into the apps you already use.

- **Try the free tier** with your own everyday tasks first
- **Check file and context limits** if you work with long documents
- **Review the privacy settings** before sharing work data`,
    faq: [
      {
        question: "What is an AI chatbot or assistant?",
        answer:
          "It is an app built on a large language model that answers questions and completes tasks through a conversation, in text or by voice.",
      },
      {
        question: "Are AI assistants free to use?",
        answer:
          "Most offer a free tier with usage limits. Paid plans add access to stronger models, higher limits and extra features.",
      },
      {
        question: "Can I trust every answer an assistant gives?",
        answer:
          "No. Assistants can state wrong facts with confidence, so check important answers against reliable sources.",
      },
    ],
  },
  {
    slug: "writing",
    name: "Writing",
    description:
      "Tools that help you draft, rewrite, translate and polish text, from grammar checks to fiction writing.",
    long_form_content: `AI writing tools range from grammar checkers that fix a sentence to assistants that draft whole chapters. The best ones make you faster without flattening your voice.

Some tools work inside the apps you already use, such as your browser, email client or word processor, while others offer a dedicated editor. Decide whether you mainly need correction, rewriting or first drafts, because each tool leans one way.

- **Correction**: grammar, spelling, clarity and tone
- **Rewriting**: paraphrasing, shortening and changing register
- **Drafting**: outlines, first drafts and creative writing`,
    faq: [
      {
        question: "Will AI writing tools replace editors?",
        answer:
          "They speed up routine edits, but a human still needs to check facts, structure and tone before anything is published.",
      },
      {
        question: "Do these tools work in other languages?",
        answer:
          "Many do. Translation tools and some grammar checkers support dozens of languages, but quality varies by language.",
      },
      {
        question: "Is AI-assisted text detectable?",
        answer:
          "Detectors exist but are unreliable. Focus on accuracy and originality rather than on hiding that you used a tool.",
      },
    ],
  },
  {
    slug: "image-generation",
    name: "Image Generation",
    description: "Create illustrations, photos, concept art and graphics from a text prompt or a reference image.",
    long_form_content: `Text-to-image tools turn a written description into pictures in seconds. They are used for concept art, mood boards, marketing visuals, product mock-ups and pure experimentation.

Models differ in style, in how well they render text inside images and in how closely they follow long prompts. Licensing matters too: check whether the images you generate can be used commercially on your plan.

- **Prompt adherence**: does the image match what you asked for?
- **Editing tools**: inpainting, outpainting and variations
- **Usage rights** for commercial projects`,
    faq: [
      {
        question: "Can I use AI-generated images commercially?",
        answer:
          "It depends on the tool and your plan. Read the terms of service; some free tiers restrict commercial use or make images public.",
      },
      {
        question: "Why do AI images sometimes have odd hands or text?",
        answer:
          "Models learn statistical patterns, not anatomy or spelling. Newer models handle both much better, but errors still happen.",
      },
      {
        question: "What makes a good image prompt?",
        answer:
          "Describe the subject, setting, style, lighting and composition in plain words, then refine based on what comes back.",
      },
    ],
  },
  {
    slug: "video",
    name: "Video",
    description:
      "Generate video clips from text or images, create avatar presenters, and edit or repurpose footage with AI.",
    long_form_content: `AI video tools fall into three groups. Generators create short clips from a prompt or a still image; avatar platforms turn a script into a video with a digital presenter; and editors speed up cutting, captioning and reframing existing footage.

Generated clips are still short and can drift between shots, so most teams combine several tools. Credits run out quickly with video, so compare how many seconds each plan really gives you.

- **Generators** for b-roll, concepts and social clips
- **Avatar tools** for training and explainer videos
- **Editors** for captions, highlights and resizing`,
    faq: [
      {
        question: "How long can AI-generated video clips be?",
        answer:
          "Most generators produce clips of a few seconds to around ten seconds per generation, which you can extend or stitch together.",
      },
      {
        question: "Do I need editing skills to use these tools?",
        answer:
          "Not for the basics. Avatar and clipping tools are template-driven, but editing skills help you combine clips into a polished result.",
      },
      {
        question: "Can I make a video of a real person with AI?",
        answer:
          "Reputable platforms require consent before creating an avatar or voice of a real person. Never impersonate someone without permission.",
      },
    ],
  },
  {
    slug: "audio-voice",
    name: "Audio & Voice",
    description: "Text to speech, voice cloning, transcription, noise removal and audio editing powered by AI.",
    long_form_content: `Voice AI has become good enough for audiobooks, podcasts, product videos and accessibility features. Text-to-speech tools read your script in natural voices, and voice cloning creates a custom voice from a sample.

Audio editing has changed too: you can now edit a recording by editing its transcript, and remove background noise from a call in real time.

- **Text to speech** for narration and voice-overs
- **Transcription** and text-based audio editing
- **Noise removal** for calls and recordings`,
    faq: [
      {
        question: "Is voice cloning legal?",
        answer:
          "Cloning your own voice, or a voice you have written permission to use, is generally fine. Cloning someone without consent is not.",
      },
      {
        question: "How natural do AI voices sound today?",
        answer:
          "The best voices are hard to tell apart from humans in short clips, especially with good punctuation and pacing in the script.",
      },
      {
        question: "Which languages are supported?",
        answer:
          "Leading text-to-speech tools support dozens of languages and accents; check the voice library of each tool for yours.",
      },
    ],
  },
  {
    slug: "coding",
    name: "Coding",
    description:
      "AI pair programmers, code editors, app builders and platforms that help developers write and ship software.",
    long_form_content: `AI coding tools suggest the next line, explain unfamiliar code, write tests and increasingly carry out multi-step changes across a whole project. Some live inside your existing editor, others are complete editors or browser-based app builders.

Generated code still needs review. Treat suggestions like a pull request from a fast but junior colleague: read it, run the tests and check for security issues.

- **Completions** inside your editor
- **Agents** that plan and edit several files
- **App builders** that create a working prototype from a prompt`,
    faq: [
      {
        question: "Is AI-generated code safe to use?",
        answer:
          "It can contain bugs or insecure patterns. Review it, test it and run your usual security checks before shipping.",
      },
      {
        question: "Do AI coding tools send my code to the cloud?",
        answer:
          "Most do, to run the model. Business plans usually offer stricter data controls, and some tools offer self-hosted options.",
      },
      {
        question: "Can non-developers build apps with these tools?",
        answer:
          "Prompt-to-app builders make simple prototypes possible without coding, but larger projects still benefit from developer skills.",
      },
    ],
  },
  {
    slug: "productivity",
    name: "Productivity",
    description: "Meeting notes, smart workspaces, scheduling and automation tools that take busywork off your plate.",
    long_form_content: `Productivity AI works quietly in the background: it joins your meetings and writes the notes, plans your calendar, summarises long pages and connects your apps so that routine steps happen on their own.

The value comes from fitting into the tools your team already uses. Check integrations with your calendar, video-call app, chat and documents before you commit.

- **Meeting assistants** for transcripts and action items
- **Workspaces** with built-in writing and search
- **Automation** across the apps you use every day`,
    faq: [
      {
        question: "Do meeting assistants need permission to record?",
        answer:
          "Yes. Tell participants that a call is being recorded and follow local laws; most tools announce themselves when they join.",
      },
      {
        question: "Can AI productivity tools work with Google Workspace and Microsoft 365?",
        answer:
          "Most of them integrate with both suites, at least for calendars and documents. Check each tool's integration list.",
      },
      {
        question: "Will these tools really save time?",
        answer:
          "They save the most time on repetitive tasks like note-taking and scheduling. Start with one workflow and measure the difference.",
      },
    ],
  },
  {
    slug: "research",
    name: "Research & Search",
    description: "AI search engines and research assistants that find sources, read papers and answer with citations.",
    long_form_content: `AI research tools answer questions by searching the web or academic databases and summarising what they find, with links back to the sources. That makes them faster than a list of search results and easier to verify than a plain chatbot.

Citations are only useful if you read them. Open the sources for anything important, especially in medicine, law and science, where summaries can miss nuance.

- **Answer engines** for everyday questions with sources
- **Academic assistants** that search and summarise papers
- **Notebooks** that answer questions about your own documents`,
    faq: [
      {
        question: "How is an AI search engine different from a chatbot?",
        answer:
          "It searches for current sources before answering and shows citations, so you can check where each claim comes from.",
      },
      {
        question: "Can I use these tools for academic work?",
        answer:
          "Yes, for finding and screening papers. Always read the original papers and follow your institution's rules on AI use.",
      },
      {
        question: "Do research assistants make mistakes?",
        answer: "They can misread or over-summarise a source. Checking the cited passage is the best protection.",
      },
    ],
  },
  {
    slug: "design",
    name: "Design",
    description: "AI features for graphic design, presentations, websites, interface design and photo editing.",
    long_form_content: `Design tools have added AI almost everywhere: generating layouts and presentations from a prompt, removing backgrounds in one click, expanding photos and turning a description into a website draft.

These features are best at getting you to a solid first version quickly. The final polish, brand consistency and judgement still come from a designer.

- **Presentations** generated from an outline
- **Photo editing**: background removal, clean-up and relighting
- **Web and UI design** from a prompt or a sketch`,
    faq: [
      {
        question: "Do I need design experience to use these tools?",
        answer:
          "No. Many tools are aimed at non-designers, though design knowledge helps you judge and refine the results.",
      },
      {
        question: "Can AI design tools keep to my brand?",
        answer: "Several let you upload brand colours, fonts and logos so generated designs stay on-brand.",
      },
      {
        question: "Are AI-edited images allowed in commercial work?",
        answer:
          "Generally yes for editing your own photos, but check each tool's licence for generated elements and stock assets.",
      },
    ],
  },
  {
    slug: "marketing-seo",
    name: "Marketing & SEO",
    description: "Plan, write and optimise marketing content, ads and search rankings with AI.",
    long_form_content: `Marketing teams use AI to produce more content variations, test more ads and understand what ranks in search. Specialist platforms add brand voice controls, campaign workflows and SEO data on top of a language model.

Volume is easy; quality is the hard part. Keep a human editor in the loop and measure results, because more content does not automatically mean more traffic or sales.

- **Copy and campaigns** in your brand voice
- **SEO research** and content optimisation
- **Ad creatives** generated and scored at scale`,
    faq: [
      {
        question: "Does Google penalise AI-written content?",
        answer:
          "Google's guidance focuses on helpful, original content rather than how it was produced. Low-quality mass content performs poorly either way.",
      },
      {
        question: "Do I need a specialist marketing tool or is a chatbot enough?",
        answer:
          "A general chatbot covers occasional copywriting. Specialist tools pay off when you need brand voice, SEO data or team workflows.",
      },
      {
        question: "How do I keep a consistent brand voice with AI?",
        answer:
          "Use tools that store a brand voice or style guide, provide examples of your best copy and review every output.",
      },
    ],
  },
  {
    slug: "data-analytics",
    name: "Data & Analytics",
    description: "Ask questions of your data in plain language, build charts and analyse spreadsheets with AI.",
    long_form_content: `Data tools with AI let you ask a question in plain language and get a chart, a table or the code that produced it. That lowers the barrier for people who do not write SQL or Python every day.

Good tools show their work, so you can check which columns and filters were used. Always sanity-check results before they end up in a report.

- **Spreadsheet assistants** for formulas and summaries
- **Notebook tools** that write SQL and Python
- **BI platforms** with natural-language questions`,
    faq: [
      {
        question: "Can I analyse data without knowing SQL or Python?",
        answer:
          "Yes. Natural-language tools generate the queries for you, though basic data literacy helps you spot mistakes.",
      },
      {
        question: "Is it safe to upload company data?",
        answer:
          "Check the tool's data retention and training policies, and prefer business plans with clear privacy terms for sensitive data.",
      },
      {
        question: "How accurate are AI-generated analyses?",
        answer:
          "They are usually right for simple questions but can misread columns or apply the wrong filter. Review the generated code or steps.",
      },
    ],
  },
  {
    slug: "music",
    name: "Music",
    description: "Compose songs, instrumentals and royalty-free background music with AI.",
    long_form_content: `AI music tools create full songs with vocals from a short description, or generate instrumental tracks in a chosen mood, genre and length. Creators use them for demos, videos, podcasts and games.

Rights are the key question. Each service has its own rules on ownership and commercial use, and they often differ between free and paid plans.

- **Song generators** with lyrics and vocals
- **Instrumental and background music** for content
- **Composition assistants** that export MIDI for further editing`,
    faq: [
      {
        question: "Who owns AI-generated music?",
        answer:
          "It depends on the service and your plan. Many grant commercial rights only on paid plans; read the terms before publishing.",
      },
      {
        question: "Can I use AI music on YouTube?",
        answer:
          "Usually yes if your plan includes commercial rights, but some services restrict monetisation or require attribution on free plans.",
      },
      {
        question: "Can AI music tools write lyrics?",
        answer: "Song generators can write lyrics for you or sing your own lyrics.",
      },
    ],
  },
  {
    slug: "education",
    name: "Education",
    description: "AI tutors, language-learning companions and study tools for learners and teachers.",
    long_form_content: `Education tools use AI to give every learner a patient tutor: explaining steps instead of just giving answers, holding practice conversations in a new language or turning notes into flashcards and quizzes.

For teachers, AI helps with lesson planning, rubrics and differentiated materials. Schools should still check data protection rules, especially for younger students.

- **Tutors** that guide rather than hand out answers
- **Language practice** through conversation
- **Study tools** for flashcards, quizzes and homework help`,
    faq: [
      {
        question: "Do AI tutors just give students the answers?",
        answer:
          "Tools designed for education, such as Khanmigo, are built to guide students step by step rather than hand over answers.",
      },
      {
        question: "Are these tools suitable for children?",
        answer:
          "Some are designed for schools and have age requirements and parental controls. Check each tool's age policy.",
      },
      {
        question: "Can AI help me learn a language?",
        answer:
          "Yes. Conversation practice with instant feedback is one of the most effective uses of AI for learning languages.",
      },
    ],
  },
];

export const tools: SeedTool[] = [
  // Chatbots & Assistants
  {
    name: "ChatGPT",
    description: `**ChatGPT** is OpenAI's conversational assistant. It writes and edits text, answers questions, explains code, analyses uploaded files and images, and can search the web, generate images and hold spoken conversations.

- Custom instructions and memory to personalise answers
- Projects and custom GPTs for repeat workflows
- Apps for web, desktop, iOS and Android

The free plan has usage limits; paid plans raise them and unlock more capable models.`,
    website_url: "https://chatgpt.com",
    category: "chatbots",
    pricing_type: "freemium",
    pros: ["Handles a very wide range of tasks", "Strong writing and coding help", "Voice, image and file input"],
    cons: ["Tighter limits on the free plan", "Can state wrong facts confidently"],
    faq: [
      {
        question: "Is ChatGPT free?",
        answer:
          "Yes, there is a free plan with usage limits. Paid plans such as Plus and Pro offer higher limits and more features.",
      },
      {
        question: "Can ChatGPT browse the web?",
        answer: "Yes, it can search the web and cite the pages it used in its answer.",
      },
      {
        question: "Does ChatGPT have a mobile app?",
        answer: "Yes, there are official apps for iOS and Android as well as desktop apps.",
      },
    ],
    screenshots: [
      {
        caption: "ChatGPT chat view",
        alt_text: "ChatGPT chat view with a conversation in progress",
      },
      {
        caption: "ChatGPT file analysis",
        alt_text: "ChatGPT analysing an uploaded spreadsheet",
      },
      { caption: "ChatGPT voice mode", alt_text: "ChatGPT voice mode on a phone" },
    ],
  },
  {
    name: "Claude",
    description: `**Claude** is Anthropic's AI assistant, known for careful long-form writing, nuanced analysis and strong coding ability. It can work with long documents, images and uploaded files in a single conversation.

- **Projects** keep files and instructions together
- **Artifacts** show documents, code and small apps beside the chat
- Web search and connections to tools such as Google Workspace

Claude is available on the web, on desktop and on mobile, with a free plan and paid Pro and Max plans.`,
    website_url: "https://claude.ai",
    category: "chatbots",
    pricing_type: "freemium",
    pros: ["Natural, well-structured writing", "Handles long documents well", "Excellent at coding tasks"],
    cons: ["Usage limits can be reached quickly", "Image generation is not built in"],
    faq: [
      { question: "Who makes Claude?", answer: "Claude is developed by Anthropic, an AI safety and research company." },
      {
        question: "Is Claude free?",
        answer:
          "There is a free plan with limits. Pro and Max plans give more usage and access to additional features.",
      },
      {
        question: "Can Claude read PDFs?",
        answer: "Yes, you can upload PDFs and other documents and ask questions about them.",
      },
    ],
    screenshots: [
      {
        caption: "Claude conversation",
        alt_text: "Claude conversation with a long document attached",
      },
      {
        caption: "Claude artifact panel",
        alt_text: "Claude artifact panel showing generated code",
      },
    ],
  },
  {
    name: "Gemini",
    description: `**Gemini** is Google's AI assistant, built on the Gemini family of models. It answers questions, writes and summarises, understands images and can help with tasks across Google apps.

- Works with Gmail, Docs, Drive and Maps through extensions
- **Deep Research** compiles multi-source reports
- Available on the web and in the Gemini mobile app

The free version is available with a Google account; Google AI plans add more capable models, higher limits and extra storage.`,
    website_url: "https://gemini.google.com",
    category: "chatbots",
    pricing_type: "freemium",
    pros: ["Tight integration with Google apps", "Strong multimodal understanding", "Generous free access"],
    cons: ["Best features need a Google AI plan", "Workspace features vary by account type"],
    faq: [
      { question: "Is Gemini the same as Bard?", answer: "Yes. Google renamed Bard to Gemini in early 2024." },
      { question: "Do I need a Google account?", answer: "Yes, you sign in with a Google account to use Gemini." },
      {
        question: "Can Gemini access my Gmail?",
        answer:
          "Only if you enable the Google Workspace connection; it can then search and summarise your emails and files.",
      },
    ],
  },
  {
    name: "Microsoft Copilot",
    description: `**Microsoft Copilot** is Microsoft's consumer AI assistant. It chats, answers questions with web sources, creates images and can talk with you by voice.

- Available on the web, in Windows, in the Edge browser and on mobile
- Answers include links to the sources it used
- Copilot features also appear in Microsoft 365 apps for subscribers

The assistant is free to use with a Microsoft account; Microsoft 365 subscriptions add Copilot inside Word, Excel, PowerPoint and Outlook.`,
    website_url: "https://copilot.microsoft.com",
    category: "chatbots",
    pricing_type: "freemium",
    pros: ["Free access to capable models", "Built into Windows and Edge", "Cites web sources"],
    cons: ["Office integration requires a subscription", "Fewer customisation options than rivals"],
    faq: [
      {
        question: "Is Microsoft Copilot free?",
        answer:
          "Yes, the consumer Copilot assistant is free. Copilot inside Microsoft 365 apps requires an eligible subscription.",
      },
      {
        question: "Is Microsoft Copilot the same as GitHub Copilot?",
        answer: "No. GitHub Copilot is a separate coding assistant for developers.",
      },
    ],
  },
  {
    name: "Meta AI",
    description: `**Meta AI** is the assistant built into Meta's apps, powered by the Llama family of models. You can chat with it in WhatsApp, Instagram, Messenger and Facebook, on the web, or in its standalone app.

- Answers questions and helps plan and write
- Generates and edits images from a prompt
- Works with Ray-Ban Meta smart glasses

Meta AI is free to use, though availability of some features depends on your country and language.`,
    website_url: "https://www.meta.ai",
    category: "chatbots",
    pricing_type: "free",
    pros: ["Free with no subscription", "Available inside apps you already use", "Quick image generation"],
    cons: ["Feature availability varies by region", "Fewer controls for long, complex work"],
    faq: [
      { question: "Is Meta AI free?", answer: "Yes, Meta AI is free to use in Meta's apps and on the web." },
      { question: "Which model powers Meta AI?", answer: "Meta AI runs on Meta's own Llama models." },
    ],
  },
  {
    name: "Mistral Le Chat",
    description: `**Le Chat** is the AI assistant from Mistral AI, the Paris-based model developer. It runs on Mistral's own models and focuses on speed, with quick answers, web search and document understanding.

- Web search with cited sources
- Image generation and document and image understanding
- Code interpreter for calculations and charts

There is a free plan, a Pro plan with higher limits and team and enterprise plans. Apps are available for iOS and Android.`,
    website_url: "https://chat.mistral.ai",
    category: "chatbots",
    pricing_type: "freemium",
    pros: ["Very fast responses", "European company and models", "Useful free plan"],
    cons: ["Smaller ecosystem of integrations", "Less known outside tech circles"],
    faq: [
      {
        question: "Who makes Le Chat?",
        answer: "Le Chat is built by Mistral AI, a French AI company that also publishes open-weight models.",
      },
      { question: "Is there a Le Chat mobile app?", answer: "Yes, Le Chat is available for iOS and Android." },
    ],
  },
  {
    name: "Poe",
    description: `**Poe** from Quora is a single app for chatting with many AI models. Instead of subscribing to each provider separately, you can switch between models from different companies in one interface.

- Access to models from several major providers
- Create your own bots with custom instructions
- Compare answers from different models on the same prompt

Poe has a free tier with a daily allowance of compute points; a subscription adds more points and access to premium models.`,
    website_url: "https://poe.com",
    category: "chatbots",
    pricing_type: "freemium",
    pros: ["Many models in one place", "Easy to compare answers", "Custom bots without coding"],
    cons: ["Points system takes getting used to", "Premium models use points quickly"],
    faq: [
      { question: "Who runs Poe?", answer: "Poe is made by Quora." },
      {
        question: "Can I build my own bot on Poe?",
        answer: "Yes, you can create bots with a custom prompt on top of an existing model and share them.",
      },
    ],
  },
  {
    name: "Character.AI",
    description: `**Character.AI** lets you chat with AI characters created by its community, from fictional heroes to study helpers and language partners. You can also design your own character with a personality and greeting.

- Millions of community-made characters
- Voice chats with characters
- Group chats with several characters

The service is free to use, with an optional **c.ai+** subscription that adds perks such as faster responses. It is aimed at entertainment and creative role-play rather than factual research.`,
    website_url: "https://character.ai",
    category: "chatbots",
    pricing_type: "freemium",
    pros: ["Huge library of characters", "Easy to create your own", "Fun for creative role-play"],
    cons: ["Not designed for factual answers", "Content filters can interrupt stories"],
    faq: [
      {
        question: "Is Character.AI free?",
        answer: "Yes, it is free, with an optional c.ai+ subscription for extra perks.",
      },
      {
        question: "Are the characters real people?",
        answer: "No. Every character is an AI, and the app reminds users that what characters say is made up.",
      },
    ],
  },

  // Writing
  {
    name: "Grammarly",
    description: `**Grammarly** checks spelling, grammar, punctuation and clarity as you write, in the browser, in desktop apps and on mobile keyboards. Its AI features can also rewrite sentences, adjust tone and draft replies.

- Works across most websites and apps
- Tone and clarity suggestions
- Generative AI for rewriting and drafting

The free version covers core corrections. Pro adds full-sentence rewrites, style and tone suggestions and a larger allowance of AI prompts.`,
    website_url: "https://www.grammarly.com",
    category: "writing",
    pricing_type: "freemium",
    pros: ["Works almost everywhere you type", "Reliable grammar and spelling fixes", "Useful free version"],
    cons: ["Best suggestions need Pro", "Can over-correct a personal style"],
    faq: [
      {
        question: "Is Grammarly free?",
        answer: "Yes, the free version covers spelling, grammar and punctuation. Pro unlocks advanced suggestions.",
      },
      { question: "Does Grammarly work in Google Docs?", answer: "Yes, through the browser extension." },
    ],
  },
  {
    name: "QuillBot",
    description: `**QuillBot** is a writing toolkit best known for its paraphraser, which rewrites sentences in several modes such as fluent, formal or shorter. It also includes a grammar checker, summariser, citation generator and translator.

- Paraphraser with adjustable modes and synonym strength
- Summariser for articles and papers
- Browser extension and Word and Docs integrations

Core tools are free with word limits; Premium removes the limits and unlocks all paraphrasing modes.`,
    website_url: "https://quillbot.com",
    category: "writing",
    pricing_type: "freemium",
    pros: ["Fast, flexible paraphrasing", "Many tools in one place", "Popular with students"],
    cons: ["Free plan word limits", "Paraphrases still need checking for meaning"],
    faq: [
      {
        question: "Is QuillBot free?",
        answer: "Yes, with limits. QuillBot Premium removes word limits and adds more modes.",
      },
      { question: "Who owns QuillBot?", answer: "QuillBot is part of Learneo, which also runs Course Hero." },
    ],
  },
  {
    name: "DeepL",
    description: `**DeepL** is a translation service known for natural-sounding translations across more than 30 languages. You can translate text, whole documents such as Word, PowerPoint and PDF files, and use **DeepL Write** to improve your own writing.

- Document translation that keeps formatting
- Glossaries for consistent terminology
- Desktop apps, browser extension and an API

The free version has limits on text length and documents. DeepL Pro adds higher limits, more document translations and stronger data security.`,
    website_url: "https://www.deepl.com",
    category: "writing",
    pricing_type: "freemium",
    pros: ["Very natural translations", "Keeps document formatting", "Glossary support"],
    cons: ["Fewer languages than some rivals", "Free plan limits on documents"],
    faq: [
      {
        question: "Is DeepL free?",
        answer: "Yes, DeepL Translator has a free version. DeepL Pro adds higher limits and data protection features.",
      },
      {
        question: "Does DeepL have an API?",
        answer: "Yes, there is an API with a free tier and paid usage-based plans.",
      },
    ],
  },
  {
    name: "Sudowrite",
    description: `**Sudowrite** is an AI writing partner built for fiction writers. Instead of a generic chat box, it offers tools designed around how novels are written.

- **Story Bible** keeps characters, world and outline in one place
- Describe, expand and rewrite scenes in your style
- Brainstorm plot twists, names and descriptions

New users can try it with free credits; paid plans provide a monthly credit allowance for longer projects.`,
    website_url: "https://www.sudowrite.com",
    category: "writing",
    pricing_type: "free trial",
    pros: ["Purpose-built for fiction", "Helps break writer's block", "Keeps story details consistent"],
    cons: ["Credits can run out on long drafts", "Less useful for non-fiction"],
    faq: [
      { question: "Who is Sudowrite for?", answer: "It is designed for novelists and other fiction writers." },
      {
        question: "Can I try Sudowrite for free?",
        answer: "Yes, new accounts get a free trial allowance before choosing a paid plan.",
      },
    ],
  },
  {
    name: "Wordtune",
    description: `**Wordtune** from AI21 Labs suggests alternative ways to phrase what you have written. Select a sentence and it offers rewrites that are more formal, more casual, shorter or longer.

- Rewrite suggestions while you type
- Summaries of articles and documents
- Browser extension that works in email and docs

The free plan includes a daily number of rewrites; paid plans remove the limit and add more features.`,
    website_url: "https://www.wordtune.com",
    category: "writing",
    pricing_type: "freemium",
    pros: ["Good alternatives for awkward sentences", "Keeps your original meaning", "Simple to use"],
    cons: ["Daily limits on the free plan", "Focused on sentences rather than long drafts"],
    faq: [
      { question: "Who makes Wordtune?", answer: "Wordtune is made by AI21 Labs." },
      {
        question: "Is Wordtune free?",
        answer: "There is a free plan with a daily allowance of rewrites; paid plans remove the limits.",
      },
    ],
  },
  {
    name: "Rytr",
    description: `**Rytr** is an affordable AI writing assistant with templates for common short-form content: emails, product descriptions, social posts, ad copy and blog outlines.

- Dozens of use cases and tones of voice
- Output in many languages
- Built-in plagiarism check and browser extension

The free plan offers a monthly character allowance; paid plans raise or remove the limit. It is a good fit for small businesses that want quick drafts at a low price.`,
    website_url: "https://rytr.me",
    category: "writing",
    pricing_type: "freemium",
    pros: ["Low price", "Many templates", "Easy for beginners"],
    cons: ["Long-form output needs editing", "Fewer advanced features than larger platforms"],
    faq: [
      { question: "Is Rytr free?", answer: "Yes, there is a free plan with a monthly character limit." },
      {
        question: "What is Rytr best for?",
        answer: "Short-form content such as emails, product descriptions and social posts.",
      },
    ],
  },

  // Image Generation
  {
    name: "Midjourney",
    description: `**Midjourney** is an independent research lab's image generator, famous for its distinctive, highly aesthetic results. You create images from text prompts on its website or through its Discord server.

- Style and character references for consistent looks
- Upscaling, variations, panning and zooming
- Web editor for repainting parts of an image
- Video generation from images

Midjourney requires a paid subscription; plans differ in the amount of fast GPU time and in whether images can be kept private.`,
    website_url: "https://www.midjourney.com",
    category: "image-generation",
    pricing_type: "paid",
    pros: ["Outstanding image quality", "Strong artistic styles", "Active community for inspiration"],
    cons: ["No free plan", "Images are public unless you use Stealth mode on higher plans"],
    faq: [
      {
        question: "Is there a free version of Midjourney?",
        answer: "No, Midjourney currently requires a paid subscription.",
      },
      {
        question: "Do I need Discord to use Midjourney?",
        answer: "No. You can generate and edit images directly on the Midjourney website.",
      },
    ],
    screenshots: [
      {
        caption: "Midjourney create page",
        alt_text: "Midjourney create page with a grid of generated images",
      },
      {
        caption: "Midjourney editor",
        alt_text: "Midjourney editor repainting part of an image",
      },
    ],
  },
  {
    name: "DALL·E 3",
    description: `**DALL·E 3** is OpenAI's text-to-image model. It is known for following detailed prompts closely and for rendering short text inside images better than earlier models.

- Available to developers through the OpenAI API
- Prompts can be refined in plain conversation when used via ChatGPT
- Supports several image sizes and quality settings

In ChatGPT, image generation now runs on OpenAI's newer GPT-4o-based image model by default, while DALL·E 3 remains available through the API and a dedicated GPT.`,
    website_url: "https://openai.com/index/dall-e-3/",
    category: "image-generation",
    pricing_type: "freemium",
    pros: ["Follows detailed prompts well", "Easy to use through ChatGPT", "Good for simple text in images"],
    cons: ["Less stylistic control than specialist tools", "API use is billed per image"],
    faq: [
      { question: "How can I use DALL·E 3?", answer: "Through the OpenAI API or via its GPT inside ChatGPT." },
      {
        question: "Who owns images made with DALL·E 3?",
        answer: "Under OpenAI's terms, you own the images you create, subject to its usage policies.",
      },
    ],
  },
  {
    name: "Stable Diffusion",
    description: `**Stable Diffusion** is the family of open image models released by Stability AI. Because the weights can be downloaded, it runs on your own computer or server and powers many third-party apps.

- Run locally with community interfaces such as ComfyUI
- Fine-tune on your own images with LoRA and similar methods
- Large ecosystem of custom models, extensions and tutorials

The models are free for individuals and smaller organisations under Stability AI's community licence; larger companies need an enterprise licence. Hosted use is also available through the Stability AI API.`,
    website_url: "https://stability.ai",
    category: "image-generation",
    pricing_type: "free",
    pros: ["Open weights you can run yourself", "Huge community ecosystem", "Full control over the pipeline"],
    cons: ["Local use needs a capable GPU", "Steeper learning curve"],
    faq: [
      {
        question: "Is Stable Diffusion free?",
        answer:
          "The models are free to download for individuals and organisations under the community licence's revenue threshold.",
      },
      {
        question: "Can I run Stable Diffusion offline?",
        answer: "Yes, once downloaded it can run entirely on your own hardware.",
      },
    ],
  },
  {
    name: "Leonardo.Ai",
    description: `**Leonardo.Ai** is an image and video generation platform popular with game artists, designers and marketers. It offers a range of models and presets along with tools for editing and upscaling.

- Choice of image models and style presets
- Canvas editor for inpainting and outpainting
- Image-to-video and real-time drawing tools

A free plan gives a daily allowance of tokens; paid plans add more tokens, private generations and faster processing. Leonardo.Ai is owned by Canva.`,
    website_url: "https://leonardo.ai",
    category: "image-generation",
    pricing_type: "freemium",
    pros: ["Daily free tokens", "Many models and presets", "Good editing tools"],
    cons: ["Token costs vary by feature", "Interface can feel busy"],
    faq: [
      {
        question: "Is Leonardo.Ai free?",
        answer: "Yes, the free plan includes daily tokens. Paid plans add more tokens and features.",
      },
      { question: "Who owns Leonardo.Ai?", answer: "Leonardo.Ai was acquired by Canva in 2024." },
    ],
  },
  {
    name: "Ideogram",
    description: `**Ideogram** is an image generator that stands out for rendering readable text inside images, which makes it popular for posters, logos, T-shirt designs and social graphics.

- Reliable typography in generated images
- **Magic Prompt** expands short prompts automatically
- Canvas for editing and extending images

The free plan includes a limited number of generations; paid plans add priority generation, private images and more credits.`,
    website_url: "https://ideogram.ai",
    category: "image-generation",
    pricing_type: "freemium",
    pros: ["Excellent text rendering", "Good for posters and logos", "Free plan available"],
    cons: ["Free images are public", "Fewer fine-grained controls than some rivals"],
    faq: [
      {
        question: "What is Ideogram best at?",
        answer: "Creating images that include accurate, readable text such as posters and logos.",
      },
      { question: "Is Ideogram free?", answer: "Yes, with a limited number of free generations. Paid plans add more." },
    ],
  },
  {
    name: "Adobe Firefly",
    description: `**Adobe Firefly** is Adobe's family of generative models and the web app built on them. It creates images, vector graphics, video and audio effects, and powers features such as Generative Fill in Photoshop.

- Text to image and generative fill
- Text to video and image to video
- Designed to be commercially safe, trained on licensed content

Firefly uses generative credits: a free tier includes a small monthly allowance, and Firefly or Creative Cloud plans include more.`,
    website_url: "https://firefly.adobe.com",
    category: "image-generation",
    pricing_type: "freemium",
    pros: ["Built into Photoshop and other Adobe apps", "Designed for commercial use", "Image and video in one place"],
    cons: ["Free credits are limited", "Credit costs differ by feature"],
    faq: [
      {
        question: "Is Adobe Firefly free?",
        answer: "There is a free tier with limited monthly generative credits. Paid plans include more credits.",
      },
      {
        question: "Can I use Firefly images commercially?",
        answer: "Adobe designs Firefly for commercial use; check the terms for features marked as beta.",
      },
    ],
  },

  // Video
  {
    name: "Runway",
    description: `**Runway** is a creative AI platform for video. Its Gen series of models generate clips from text and images, and its editing tools help filmmakers and designers transform footage.

- Text-to-video and image-to-video generation
- Camera controls and video-to-video restyling
- Background removal, inpainting and other editing tools

The free plan includes a one-time allowance of credits; paid plans add monthly credits, higher resolution exports and no watermark.`,
    website_url: "https://runwayml.com",
    category: "video",
    pricing_type: "freemium",
    pros: ["High-quality generated video", "Many professional editing tools", "Fast-moving research"],
    cons: ["Credits are used up quickly", "Clips are short"],
    faq: [
      {
        question: "Is Runway free?",
        answer: "There is a free plan with a one-time credit allowance. Paid plans add monthly credits.",
      },
      {
        question: "Can I use Runway videos commercially?",
        answer: "Yes, Runway allows commercial use of your generations, subject to its terms.",
      },
    ],
  },
  {
    name: "Pika",
    description: `**Pika** is an AI video generator focused on fun, quick social clips. You can generate short videos from text or images and apply playful effects to your own photos.

- Text-to-video and image-to-video
- **Pikaffects** and other one-click effects
- Scene ingredients to combine people, objects and settings

A free plan offers monthly credits; paid plans add more credits, faster generation and commercial use.`,
    website_url: "https://pika.art",
    category: "video",
    pricing_type: "freemium",
    pros: ["Very easy to use", "Creative effects", "Good for social media"],
    cons: ["Less control than pro tools", "Commercial use needs a paid plan"],
    faq: [
      { question: "Is Pika free?", answer: "Yes, there is a free plan with a limited number of monthly credits." },
      {
        question: "What can I make with Pika?",
        answer: "Short video clips from prompts or images, and effects applied to your own photos.",
      },
    ],
  },
  {
    name: "Synthesia",
    description: `**Synthesia** turns a script into a video presented by a realistic AI avatar, without cameras or studios. Companies use it for training, onboarding, product explainers and internal communication.

- Large library of stock avatars and voices
- Create a personal avatar of yourself
- Videos in over 140 languages with one-click translation

A free plan lets you try it with a few minutes of video per month; paid plans add more minutes, avatars and collaboration features.`,
    website_url: "https://www.synthesia.io",
    category: "video",
    pricing_type: "freemium",
    pros: ["Professional-looking avatars", "Huge language support", "Great for training content"],
    cons: ["Avatars can still feel stiff", "Custom avatars cost extra"],
    faq: [
      {
        question: "What is Synthesia used for?",
        answer: "Mostly training, onboarding, how-to and internal communication videos.",
      },
      {
        question: "Can I create an avatar of myself?",
        answer: "Yes, you can create a personal avatar on supported plans, with your consent verified.",
      },
    ],
    affiliate_link: "https://www.synthesia.io?ref=aitoolsdirectory",
  },
  {
    name: "HeyGen",
    description: `**HeyGen** creates videos with AI avatars and translates existing videos into other languages with matching lip-sync. It is popular with marketers, educators and creators.

- Stock and custom avatars, including photo avatars
- Video translation with voice cloning and lip-sync
- Interactive avatars for live conversations

The free plan allows a few short videos per month; paid plans unlock longer videos, higher resolution and more avatars.`,
    website_url: "https://www.heygen.com",
    category: "video",
    pricing_type: "freemium",
    pros: ["Convincing video translation", "Quick avatar creation", "Easy editor"],
    cons: ["Free videos are short", "Advanced features need higher tiers"],
    faq: [
      {
        question: "Can HeyGen translate my videos?",
        answer: "Yes, it can translate speech into other languages and match lip movements.",
      },
      { question: "Is HeyGen free?", answer: "There is a free plan with limited videos; paid plans add more." },
    ],
  },
  {
    name: "Luma Dream Machine",
    description: `**Dream Machine** from Luma AI generates videos and images from text prompts and reference images. It is known for smooth, realistic motion and cinematic camera moves.

- Text-to-video and image-to-video
- Keyframes to control start and end shots
- Image generation and reference-based editing

Dream Machine runs on the web and on iOS. A free tier lets you explore it, while paid plans add more credits, higher quality and commercial use.`,
    website_url: "https://lumalabs.ai/dream-machine",
    category: "video",
    pricing_type: "freemium",
    pros: ["Realistic motion", "Good camera control", "Simple interface"],
    cons: ["Popular times can mean waiting", "Commercial use requires a paid plan"],
    faq: [
      { question: "Who makes Dream Machine?", answer: "Dream Machine is made by Luma AI." },
      {
        question: "Can I start from my own image?",
        answer: "Yes, you can animate an uploaded image or use it as a keyframe.",
      },
    ],
  },
  {
    name: "Kling AI",
    description: `**Kling AI** is a video and image generation platform from Kuaishou, the company behind the Kwai short-video app. Its models produce realistic clips with strong motion and physical detail.

- Text-to-video and image-to-video
- Start and end frames and motion controls
- Lip-sync and virtual try-on features

Kling gives free users a small daily credit allowance; subscriptions add more credits, higher quality modes and faster generation.`,
    website_url: "https://klingai.com",
    category: "video",
    pricing_type: "freemium",
    pros: ["Impressive motion quality", "Daily free credits", "Many creative controls"],
    cons: ["Free generations can be slow", "High-quality modes cost more credits"],
    faq: [
      { question: "Who makes Kling AI?", answer: "Kling AI is developed by Kuaishou Technology." },
      { question: "Is Kling AI free?", answer: "Free users receive daily credits; paid plans add more." },
    ],
  },
  {
    name: "CapCut",
    description: `**CapCut** is a video editor from ByteDance for mobile, desktop and the web. Alongside a timeline editor, it includes many AI features for social video creators.

- Automatic captions and text-to-speech
- Background removal and auto-reframe
- Templates, effects and script-to-video tools

Most editing features are free; **CapCut Pro** unlocks premium effects, more AI tools and more cloud storage.`,
    website_url: "https://www.capcut.com",
    category: "video",
    pricing_type: "freemium",
    pros: ["Powerful free editor", "Fast automatic captions", "Available on every platform"],
    cons: ["Some popular features moved to Pro", "Templates can look generic"],
    faq: [
      { question: "Is CapCut free?", answer: "Yes, the core editor is free. CapCut Pro adds premium features." },
      {
        question: "Does CapCut work on desktop?",
        answer: "Yes, there are desktop apps for Windows and macOS and a web version.",
      },
    ],
  },
  {
    name: "Opus Clip",
    description: `**Opus Clip** turns long videos such as podcasts, webinars and streams into short clips for TikTok, YouTube Shorts and Reels. It finds the most engaging moments and reframes them for vertical video.

- Automatic highlight detection with a virality score
- Animated captions and speaker-tracking reframing
- Scheduling and publishing to social platforms

The free plan includes monthly processing credits with watermarked clips; paid plans add more credits and remove the watermark.`,
    website_url: "https://www.opus.pro",
    category: "video",
    pricing_type: "freemium",
    pros: ["Saves hours of manual clipping", "Good automatic captions", "Reframes to vertical well"],
    cons: ["Picks are not always the best moments", "Watermark on the free plan"],
    faq: [
      {
        question: "What does Opus Clip do?",
        answer: "It cuts long videos into short, captioned clips ready for social media.",
      },
      {
        question: "Can I edit the clips?",
        answer: "Yes, you can adjust the start and end, captions and layout before exporting.",
      },
    ],
  },

  // Audio & Voice
  {
    name: "ElevenLabs",
    description: `**ElevenLabs** is a voice AI platform known for highly realistic text-to-speech in many languages. Creators, publishers and developers use it for narration, dubbing, audiobooks and voice agents.

- Large voice library plus instant and professional voice cloning
- Dubbing that translates audio while keeping the speaker's voice
- Speech-to-text, sound effects and an API for developers

The free plan includes a monthly character allowance for personal use; paid plans add commercial rights, more characters and professional cloning.`,
    website_url: "https://elevenlabs.io",
    category: "audio-voice",
    pricing_type: "freemium",
    pros: ["Very natural voices", "Strong multilingual support", "Good developer API"],
    cons: ["Characters run out fast on long projects", "Commercial use needs a paid plan"],
    faq: [
      {
        question: "Can I clone my own voice with ElevenLabs?",
        answer:
          "Yes. Instant cloning works from a short sample, and professional cloning uses more audio for higher fidelity.",
      },
      {
        question: "Is ElevenLabs free?",
        answer: "There is a free plan with a monthly character limit and attribution requirements.",
      },
    ],
    screenshots: [
      {
        caption: "ElevenLabs text to speech",
        alt_text: "ElevenLabs text to speech editor with voice settings",
      },
      {
        caption: "ElevenLabs voice library",
        alt_text: "ElevenLabs voice library with filters",
      },
    ],
  },
  {
    name: "Descript",
    description: `**Descript** is an audio and video editor where you edit a recording by editing its transcript. Delete a sentence in the text and it disappears from the recording.

- Automatic transcription and filler-word removal
- **Studio Sound** to clean up voice recordings
- Overdub voice cloning and an AI co-editor

Podcasters, YouTubers and marketing teams use it for recording, editing and publishing. There is a free plan with limited transcription hours; paid plans add more hours and AI features.`,
    website_url: "https://www.descript.com",
    category: "audio-voice",
    pricing_type: "freemium",
    pros: ["Editing by text is fast", "Excellent audio clean-up", "Records and edits in one app"],
    cons: ["Can be slow on long projects", "Transcription limits on lower plans"],
    faq: [
      {
        question: "Can Descript edit video too?",
        answer: "Yes, it edits both audio and video through the transcript and a timeline.",
      },
      {
        question: "What is Studio Sound?",
        answer: "A one-click effect that removes noise and echo and makes voices sound studio-recorded.",
      },
    ],
  },
  {
    name: "Murf AI",
    description: `**Murf AI** is a text-to-speech studio for voice-overs in presentations, e-learning, ads and videos. You paste your script, pick a voice and fine-tune pitch, speed, pauses and emphasis.

- Large library of voices across many languages
- Sync voice-over with video and slides in the studio
- Voice cloning and an API on higher plans

A free plan lets you test voices with a limited number of minutes; paid plans add downloads, commercial rights and more voice time.`,
    website_url: "https://murf.ai",
    category: "audio-voice",
    pricing_type: "freemium",
    pros: ["Fine control over delivery", "Good for e-learning voice-overs", "Easy studio editor"],
    cons: ["Downloads need a paid plan", "Some voices sound flatter than rivals"],
    faq: [
      {
        question: "Is Murf AI free?",
        answer: "There is a free plan for trying voices; downloading and commercial use need a paid plan.",
      },
      {
        question: "Can I add my own video in Murf?",
        answer: "Yes, you can upload video or slides and time the voice-over to them.",
      },
    ],
    affiliate_link: "https://murf.ai?ref=aitoolsdirectory",
  },
  {
    name: "Krisp",
    description: `**Krisp** removes background noise, other voices and echo from calls in real time. It works as a virtual microphone and speaker, so it functions with almost any calling app.

- Noise and background voice cancellation
- Meeting transcripts, notes and summaries
- Accent conversion for call centres

The free plan includes a daily allowance of noise cancellation minutes and meeting notes; paid plans remove the limits and add team features.`,
    website_url: "https://krisp.ai",
    category: "audio-voice",
    pricing_type: "freemium",
    pros: ["Works with any calling app", "Very effective noise removal", "Meeting notes included"],
    cons: ["Uses some CPU on older machines", "Free minutes are limited"],
    faq: [
      {
        question: "Which apps does Krisp work with?",
        answer: "Any app that lets you choose a microphone and speaker, such as Zoom, Teams, Google Meet and Slack.",
      },
      { question: "Is Krisp free?", answer: "There is a free plan with daily limits; paid plans remove them." },
    ],
  },
  {
    name: "Adobe Podcast",
    description: `**Adobe Podcast** is a set of browser-based audio tools from Adobe. Its best-known feature, **Enhance Speech**, makes voice recordings made with basic microphones sound as if they were recorded in a studio.

- Enhance Speech for one-click clean-up
- Mic Check to improve your recording setup
- Browser studio for recording and transcript-based editing

Core tools are free with limits on file length and uploads; a premium tier raises the limits and adds features.`,
    website_url: "https://podcast.adobe.com",
    category: "audio-voice",
    pricing_type: "freemium",
    pros: ["Remarkable speech enhancement", "Runs in the browser", "Free to start"],
    cons: ["Can over-process some voices", "Upload length limits on the free tier"],
    faq: [
      {
        question: "What does Enhance Speech do?",
        answer: "It removes noise and echo and rebalances a voice recording so it sounds studio quality.",
      },
      { question: "Do I need to install anything?", answer: "No, Adobe Podcast runs in a web browser." },
    ],
  },

  // Coding
  {
    name: "GitHub Copilot",
    description: `**GitHub Copilot** is an AI pair programmer that suggests code as you type and answers questions about your code in chat. It works in VS Code, Visual Studio, JetBrains IDEs and other editors, as well as on github.com.

- Inline completions and next-edit suggestions
- **Agent mode** for multi-file changes
- Coding agent that works on issues and opens pull requests

**Copilot Free** offers a monthly allowance of completions and chats; paid plans add higher limits and premium models. It is free for verified students, teachers and maintainers of popular open-source projects.`,
    website_url: "https://github.com/features/copilot",
    category: "coding",
    pricing_type: "freemium",
    pros: ["Works in most popular editors", "Tight GitHub integration", "Choice of models"],
    cons: ["Suggestions need careful review", "Premium requests are limited per plan"],
    faq: [
      {
        question: "Is GitHub Copilot free?",
        answer: "Yes, Copilot Free includes a limited monthly allowance. Paid plans raise the limits.",
      },
      {
        question: "Which editors support Copilot?",
        answer: "VS Code, Visual Studio, JetBrains IDEs, Neovim, Xcode and others.",
      },
    ],
  },
  {
    name: "Cursor",
    description: `**Cursor** is an AI-first code editor built on VS Code, so your extensions, themes and keybindings carry over. It understands your whole codebase and can make changes across many files.

- Tab completion that predicts your next edit
- **Agent** that plans and applies multi-file changes
- Chat with your codebase and documentation

The Hobby plan is free with limited usage; Pro and higher plans add more agent requests and access to frontier models.`,
    website_url: "https://cursor.com",
    category: "coding",
    pricing_type: "freemium",
    pros: ["Excellent codebase awareness", "Familiar VS Code experience", "Powerful multi-file edits"],
    cons: ["Usage-based limits can be confusing", "Agent changes need close review"],
    faq: [
      {
        question: "Is Cursor based on VS Code?",
        answer: "Yes, it is a fork of VS Code and can import your existing settings and extensions.",
      },
      { question: "Is Cursor free?", answer: "The Hobby plan is free with limited usage; paid plans add more." },
    ],
    screenshots: [
      {
        caption: "Cursor editor with agent",
        alt_text: "Cursor editor with the agent panel open",
      },
      {
        caption: "Cursor diff review",
        alt_text: "Cursor reviewing a multi-file diff",
      },
    ],
  },
  {
    name: "Tabnine",
    description: `**Tabnine** is an AI coding assistant aimed at teams that care about privacy and control. It offers code completions and chat inside popular IDEs and can be deployed in the cloud, in a private VPC or fully on-premises.

- Completions and chat in VS Code, JetBrains and more
- Personalisation based on your team's codebase
- Policies that keep code private and license-safe

Tabnine is a paid product with a free trial; enterprise plans add private deployment and governance features.`,
    website_url: "https://www.tabnine.com",
    category: "coding",
    pricing_type: "free trial",
    pros: ["Strong privacy options", "Self-hosted deployment", "Works in many IDEs"],
    cons: ["Less capable agents than some rivals", "No permanent free plan"],
    faq: [
      {
        question: "Can Tabnine run on-premises?",
        answer: "Yes, enterprise customers can deploy Tabnine in their own environment, including air-gapped setups.",
      },
      {
        question: "Does Tabnine train on my code?",
        answer: "Tabnine states that it does not train its models on customers' private code.",
      },
    ],
  },
  {
    name: "Replit",
    description: `**Replit** is a browser-based platform for building, running and deploying software. Its **Replit Agent** can create an app from a plain-language description, set up the database and deploy it.

- Agent builds full-stack apps from a prompt
- Online editor with support for many languages
- One-click deployments and hosting

The free Starter plan lets you try the agent with limited usage; paid plans include monthly credits, private deployments and more compute.`,
    website_url: "https://replit.com",
    category: "coding",
    pricing_type: "freemium",
    pros: ["No local setup needed", "Agent builds and deploys apps", "Good for learning"],
    cons: ["Usage-based costs can add up", "Less suited to large existing codebases"],
    faq: [
      {
        question: "Do I need to install anything to use Replit?",
        answer: "No, it runs in the browser, and there are also desktop and mobile apps.",
      },
      { question: "Can Replit host my app?", answer: "Yes, you can deploy apps directly from Replit." },
    ],
  },
  {
    name: "Windsurf",
    description: `**Windsurf** is an AI-native code editor created by the team behind Codeium. Its agent, **Cascade**, understands your project, runs terminal commands and makes coordinated edits across files.

- Cascade agent for multi-step coding tasks
- Fast autocomplete with next-step predictions
- Plugins for JetBrains and other editors

Windsurf offers a free plan with a limited number of prompt credits, and paid plans with more credits and team features.`,
    website_url: "https://windsurf.com",
    category: "coding",
    pricing_type: "freemium",
    pros: ["Capable agent with good context", "Fast completions", "Usable free plan"],
    cons: ["Credit system takes some learning", "Fewer extensions than VS Code proper"],
    faq: [
      {
        question: "Is Windsurf the same as Codeium?",
        answer: "Windsurf was built by the team behind Codeium, whose products were renamed to Windsurf in 2025.",
      },
      { question: "Is Windsurf free?", answer: "Yes, there is a free plan with limited credits; paid plans add more." },
    ],
  },
  {
    name: "Lovable",
    description: `**Lovable** builds web applications from a conversation. Describe what you want and it generates a working React app with a clean interface that you can keep refining by chatting.

- Full-stack apps with Supabase integration for data and auth
- Visual edits directly on the page
- Sync code to GitHub and deploy with one click

A free plan offers a daily allowance of messages; paid plans add more credits, private projects and custom domains.`,
    website_url: "https://lovable.dev",
    category: "coding",
    pricing_type: "freemium",
    pros: ["Very fast prototypes", "Good-looking default designs", "Exports real code to GitHub"],
    cons: ["Complex logic can get stuck in loops", "Credits go quickly when debugging"],
    faq: [
      {
        question: "Do I need to code to use Lovable?",
        answer: "No, you can build by chatting, although coding knowledge helps with complex apps.",
      },
      { question: "Can I export the code?", answer: "Yes, projects can sync to a GitHub repository you own." },
    ],
  },
  {
    name: "v0",
    description: `**v0** is Vercel's AI app builder. It generates React and Next.js interfaces and full-stack apps from prompts, screenshots or Figma designs, using Tailwind CSS and shadcn/ui components.

- Generate UI components and complete pages
- Preview live and iterate in chat
- Deploy to Vercel in one click

A free plan includes monthly credits; paid plans add more credits and team features.`,
    website_url: "https://v0.app",
    category: "coding",
    pricing_type: "freemium",
    pros: ["High-quality React output", "Uses popular component libraries", "Smooth deployment to Vercel"],
    cons: ["Best suited to the Next.js ecosystem", "Credits limit heavy use"],
    faq: [
      { question: "Who makes v0?", answer: "v0 is made by Vercel, the company behind Next.js." },
      {
        question: "Can v0 start from a design?",
        answer: "Yes, you can provide a screenshot or a Figma file as a starting point.",
      },
    ],
  },
  {
    name: "Bolt.new",
    description: `**Bolt.new** from StackBlitz is an in-browser AI app builder. It writes, installs and runs a full-stack project inside the browser using WebContainers, so you can see the app working immediately.

- Prompt-to-app for popular JavaScript frameworks
- Edit files directly or by chatting
- Deploy and share with one click

A free plan includes a daily and monthly token allowance; paid plans add more tokens for larger projects.`,
    website_url: "https://bolt.new",
    category: "coding",
    pricing_type: "freemium",
    pros: ["Runs entirely in the browser", "Supports many frameworks", "Quick to share prototypes"],
    cons: ["Token usage grows with project size", "Large apps can become hard to steer"],
    faq: [
      { question: "Who makes Bolt.new?", answer: "Bolt.new is made by StackBlitz." },
      { question: "Do I need to install Node.js?", answer: "No, the development environment runs in your browser." },
    ],
  },
  {
    name: "Hugging Face",
    description: `**Hugging Face** is the central hub of the open-source AI community. It hosts hundreds of thousands of models and datasets, plus Spaces where anyone can try AI demos in the browser.

- Model and dataset hosting with version control
- Spaces for hosting interactive demos
- Open-source libraries such as Transformers and Diffusers

Browsing, downloading and hosting public projects is free. Paid options include a Pro account, Inference Endpoints and Enterprise Hub for organisations.`,
    website_url: "https://huggingface.co",
    category: "coding",
    pricing_type: "freemium",
    pros: ["Huge library of open models", "Free demos to try in the browser", "Strong open-source libraries"],
    cons: ["Overwhelming for beginners", "Quality of community uploads varies"],
    faq: [
      {
        question: "Is Hugging Face free?",
        answer: "Yes, for public models, datasets and basic Spaces. Paid plans add compute and enterprise features.",
      },
      {
        question: "What is a Space?",
        answer: "A hosted web app, often a demo of a model, that anyone can use in the browser.",
      },
    ],
  },

  // Productivity
  {
    name: "Notion AI",
    description: `**Notion AI** brings AI into the Notion workspace. It writes and edits inside your pages, answers questions using your workspace content and can search connected apps such as Slack and Google Drive.

- Enterprise search across Notion and connected tools
- **AI Meeting Notes** that transcribe and summarise calls
- Database autofill for summaries, tags and translations

Notion AI is included in the Business and Enterprise plans, while Free and Plus plans offer only a limited trial of its features.`,
    website_url: "https://www.notion.com/product/ai",
    category: "productivity",
    pricing_type: "paid",
    pros: ["Works inside your existing docs", "Answers with workspace context", "Meeting notes built in"],
    cons: ["Full access requires a Business plan", "Only as good as your workspace is organised"],
    faq: [
      {
        question: "Is Notion AI free?",
        answer:
          "Free and Plus plans include a limited trial; full Notion AI is included in Business and Enterprise plans.",
      },
      {
        question: "Can Notion AI search other apps?",
        answer: "Yes, on supported plans it can search connected tools such as Slack, Google Drive and GitHub.",
      },
    ],
    screenshots: [
      {
        caption: "Notion AI writing in a page",
        alt_text: "Notion AI drafting text inside a page",
      },
      {
        caption: "Notion AI meeting notes",
        alt_text: "Notion AI meeting notes with a summary and action items",
      },
    ],
  },
  {
    name: "Otter.ai",
    description: `**Otter.ai** is a meeting assistant that records, transcribes and summarises conversations. Its bot can join Zoom, Google Meet and Microsoft Teams calls automatically from your calendar.

- Live transcription with speaker identification
- Automatic summaries and action items
- Chat with your meeting history

The free Basic plan includes a monthly allowance of transcription minutes with a per-conversation limit; paid plans add more minutes, file imports and team features.`,
    website_url: "https://otter.ai",
    category: "productivity",
    pricing_type: "freemium",
    pros: ["Accurate live transcripts", "Joins meetings automatically", "Searchable meeting history"],
    cons: ["Free minutes are limited", "Best accuracy is in English"],
    faq: [
      {
        question: "Which meeting apps does Otter.ai support?",
        answer: "Zoom, Google Meet and Microsoft Teams, plus in-person recordings through its apps.",
      },
      { question: "Is Otter.ai free?", answer: "Yes, the Basic plan is free with limited monthly minutes." },
    ],
  },
  {
    name: "Fireflies.ai",
    description: `**Fireflies.ai** records, transcribes and analyses meetings across popular video-call apps and dialers. Its notetaker, Fred, joins calls and produces summaries, action items and searchable transcripts.

- Transcription in many languages
- AI summaries, topic tracking and sentiment
- Integrations with CRMs, Slack and project tools

The free plan includes unlimited transcription with limited storage and AI credits; paid plans add more storage, AI features and admin controls.`,
    website_url: "https://fireflies.ai",
    category: "productivity",
    pricing_type: "freemium",
    pros: ["Wide integration list", "Many supported languages", "Good search across meetings"],
    cons: ["Storage limits on the free plan", "Bot joining calls can surprise guests"],
    faq: [
      {
        question: "Does Fireflies.ai work with Zoom and Teams?",
        answer: "Yes, along with Google Meet, Webex and several other platforms.",
      },
      {
        question: "Can Fireflies.ai update my CRM?",
        answer: "Yes, it integrates with CRMs such as Salesforce and HubSpot to log meeting notes.",
      },
    ],
  },
  {
    name: "Mem",
    description: `**Mem** is an AI-powered notes app that organises your notes for you. Instead of filing things in folders, you write freely and Mem surfaces related notes and answers questions from everything you have saved.

- Chat with your notes to find and combine information
- Automatic organisation and related-note suggestions
- Voice capture that turns spoken thoughts into notes

Mem offers a free plan with limits and a paid plan for unlimited use.`,
    website_url: "https://mem.ai",
    category: "productivity",
    pricing_type: "freemium",
    pros: ["No need to organise notes manually", "Useful answers from your notes", "Clean, fast interface"],
    cons: ["Fewer integrations than larger workspaces", "Less structure for complex projects"],
    faq: [
      {
        question: "How is Mem different from other note apps?",
        answer: "It relies on AI to organise and connect notes rather than on folders and manual tags.",
      },
      { question: "Can I import notes into Mem?", answer: "Yes, Mem supports importing notes from other apps." },
    ],
  },
  {
    name: "Motion",
    description: `**Motion** is an AI planner that combines your calendar, tasks and projects. It automatically schedules tasks into free time based on priorities and deadlines, and replans your day when things change.

- Automatic task scheduling around meetings
- Project management with AI-generated plans
- Meeting booking pages and team workloads

Motion is a paid product with a free trial for new users; individual and business plans are available.`,
    website_url: "https://www.usemotion.com",
    category: "productivity",
    pricing_type: "free trial",
    pros: ["Removes daily planning work", "Adapts to changes automatically", "Tasks and calendar in one place"],
    cons: ["Relatively expensive", "Takes time to trust the auto-scheduling"],
    faq: [
      { question: "Is there a free version of Motion?", answer: "No, but new users can start with a free trial." },
      {
        question: "Which calendars does Motion support?",
        answer: "Google Calendar and Microsoft Outlook calendars, among others.",
      },
    ],
  },
  {
    name: "Zapier",
    description: `**Zapier** connects thousands of apps so that work moves between them automatically. Its AI features let you describe an automation in plain language and build AI steps, agents and chatbots into workflows.

- Automated workflows (**Zaps**) across 7,000+ apps
- AI steps to summarise, classify and draft text
- Zapier Agents and Chatbots for more autonomous tasks

The free plan covers simple two-step Zaps with a monthly task limit; paid plans add multi-step workflows, premium apps and higher volumes.`,
    website_url: "https://zapier.com",
    category: "productivity",
    pricing_type: "freemium",
    pros: ["Huge app directory", "Build automations from a description", "No coding required"],
    cons: ["Costs grow with task volume", "Complex workflows can be hard to debug"],
    faq: [
      {
        question: "What is a Zap?",
        answer: "An automated workflow that runs when a trigger happens in one app and performs actions in others.",
      },
      {
        question: "Is Zapier free?",
        answer: "Yes, the free plan supports simple two-step Zaps with a monthly task limit.",
      },
    ],
  },

  // Research & Search
  {
    name: "Perplexity",
    description: `**Perplexity** is an AI answer engine. Ask a question and it searches the web, reads the results and writes a concise answer with numbered citations you can click to check.

- Follow-up questions in a conversation
- **Research** mode for in-depth multi-step reports
- Spaces to organise searches and files by topic

The free plan covers unlimited basic searches and a limited number of advanced ones; Perplexity Pro adds more advanced searches, file analysis and a choice of models.`,
    website_url: "https://www.perplexity.ai",
    category: "research",
    pricing_type: "freemium",
    pros: ["Clear citations for every answer", "Fast and current", "Good free plan"],
    cons: ["Can over-rely on a few sources", "Summaries may miss nuance"],
    faq: [
      {
        question: "How is Perplexity different from Google Search?",
        answer: "It writes a direct answer with citations instead of returning a list of links.",
      },
      {
        question: "Is Perplexity free?",
        answer: "Yes, with unlimited basic searches. Pro adds more advanced searches and features.",
      },
    ],
    screenshots: [
      {
        caption: "Perplexity answer with sources",
        alt_text: "Perplexity answer with numbered source citations",
      },
      {
        caption: "Perplexity research report",
        alt_text: "Perplexity research report in progress",
      },
    ],
  },
  {
    name: "Elicit",
    description: `**Elicit** is an AI research assistant for academic literature. It searches a large database of papers, summarises findings and extracts data into tables, which speeds up literature reviews.

- Semantic search across academic papers
- Summaries and data extraction into tables
- Systematic review workflows and reports

The free Basic plan covers search and summaries with limits; paid plans add more extractions, more papers per report and systematic review features.`,
    website_url: "https://elicit.com",
    category: "research",
    pricing_type: "freemium",
    pros: ["Great for literature reviews", "Structured data extraction", "Links every claim to papers"],
    cons: ["Coverage varies by field", "Advanced workflows need a paid plan"],
    faq: [
      {
        question: "Where do Elicit's papers come from?",
        answer: "Elicit searches a large corpus of academic papers, largely drawn from Semantic Scholar.",
      },
      {
        question: "Can Elicit replace reading the papers?",
        answer: "No. It helps you find and screen papers quickly, but you should read the key ones yourself.",
      },
    ],
  },
  {
    name: "Consensus",
    description: `**Consensus** is an AI search engine that answers questions using peer-reviewed research. It finds relevant studies, summarises what they say and shows how strongly the evidence points one way.

- Answers drawn from scientific papers
- **Consensus Meter** for yes-or-no research questions
- Study snapshots with methods and sample sizes

A free plan includes unlimited searches with a limited number of advanced features; the Pro plan unlocks more.`,
    website_url: "https://consensus.app",
    category: "research",
    pricing_type: "freemium",
    pros: ["Evidence-based answers", "Quick view of scientific agreement", "Useful for students and clinicians"],
    cons: ["Limited to published research", "Summaries simplify complex findings"],
    faq: [
      {
        question: "What sources does Consensus use?",
        answer: "It searches peer-reviewed scientific literature rather than the general web.",
      },
      { question: "Is Consensus free?", answer: "Yes, there is a free plan; Pro unlocks more advanced features." },
    ],
  },
  {
    name: "Phind",
    description: `**Phind** is an AI search engine and assistant aimed at developers. It searches the web and technical documentation and answers programming questions with code examples and sources.

- Answers tailored to technical questions
- Code examples with links to documentation
- Follow-up questions in context

Phind can be used for free with limits, and a paid plan offers higher limits and access to more powerful models.`,
    website_url: "https://www.phind.com",
    category: "research",
    pricing_type: "freemium",
    pros: ["Focused on programming answers", "Cites documentation", "Fast responses"],
    cons: ["Less useful for non-technical topics", "Free usage is limited"],
    faq: [
      {
        question: "Who is Phind for?",
        answer: "Mainly developers looking for answers to programming and technical questions.",
      },
      { question: "Does Phind show sources?", answer: "Yes, answers include links to the pages they draw on." },
    ],
  },
  {
    name: "NotebookLM",
    description: `**NotebookLM** is Google's AI research notebook. You add your own sources, such as PDFs, Google Docs, websites and YouTube videos, and it answers questions grounded in those sources with inline citations.

- **Audio Overviews** that turn sources into a podcast-style discussion
- Study guides, briefing documents and mind maps
- Answers limited to the material you provide

NotebookLM is free with a Google account; higher limits are available through Google's paid AI plans and Workspace.`,
    website_url: "https://notebooklm.google",
    category: "research",
    pricing_type: "freemium",
    pros: ["Answers stay grounded in your sources", "Audio Overviews are great for learning", "Free to use"],
    cons: ["Only as good as the sources you add", "Limits on sources per notebook"],
    faq: [
      {
        question: "What can I upload to NotebookLM?",
        answer: "PDFs, Google Docs and Slides, web pages, text, audio files and YouTube links.",
      },
      {
        question: "What is an Audio Overview?",
        answer: "A generated audio discussion between two AI hosts that summarises your sources.",
      },
    ],
  },

  // Design
  {
    name: "Canva Magic Studio",
    description: `**Magic Studio** is the collection of AI features inside Canva. It helps you create and edit designs, presentations, videos and documents without leaving the editor.

- **Magic Design** creates templates from a prompt or your media
- Magic Edit, Magic Eraser and background removal for photos
- Magic Write for copy and Magic Switch to resize and translate designs

Some AI features are available on the free plan with limited uses, while Canva Pro and team plans include much higher limits.`,
    website_url: "https://www.canva.com",
    category: "design",
    pricing_type: "freemium",
    pros: ["Everything in one familiar editor", "Great for non-designers", "Huge template library"],
    cons: ["Best AI tools need Canva Pro", "Designs can look template-like"],
    faq: [
      {
        question: "Is Magic Studio free?",
        answer: "Some features have free limited uses; Canva Pro and team plans unlock much more.",
      },
      {
        question: "What is Magic Switch?",
        answer: "It converts a design into another format, size or language in one step.",
      },
    ],
    screenshots: [
      {
        caption: "Canva Magic Design",
        alt_text: "Canva Magic Design suggesting templates from a prompt",
      },
      {
        caption: "Canva Magic Eraser",
        alt_text: "Canva Magic Eraser removing an object from a photo",
      },
      {
        caption: "Canva Magic Switch",
        alt_text: "Canva Magic Switch resizing a design into several formats",
      },
    ],
  },
  {
    name: "Figma AI",
    description: `**Figma AI** is the set of AI features built into Figma, the collaborative interface design tool. It speeds up routine design work and helps turn ideas into working prototypes.

- Generate first drafts of designs from a prompt
- Rename layers, rewrite copy and generate images
- **Figma Make** turns prompts and designs into functional prototypes

AI features use credits that vary by plan; the full set is available on paid seats.`,
    website_url: "https://www.figma.com/ai/",
    category: "design",
    pricing_type: "freemium",
    pros: [
      "Built into a tool designers already use",
      "Saves time on tedious tasks",
      "Prompt-to-prototype with Figma Make",
    ],
    cons: ["Full features need a paid seat", "Generated designs need refinement"],
    faq: [
      {
        question: "Do I need a separate subscription for Figma AI?",
        answer: "No, AI features come with Figma plans, with usage limits that depend on your plan and seat.",
      },
      {
        question: "What is Figma Make?",
        answer: "A prompt-to-app tool that turns ideas and designs into interactive prototypes.",
      },
    ],
  },
  {
    name: "Framer",
    description: `**Framer** is a website builder for designers and marketers that publishes fast, responsive sites without code. Its AI features generate page layouts from a prompt, rewrite copy and translate sites.

- Generate a first page layout from a description
- AI translation for multilingual websites
- Built-in CMS, animations and hosting

A free plan lets you build and publish on a Framer subdomain; paid site plans add custom domains, more pages and CMS items.`,
    website_url: "https://www.framer.com",
    category: "design",
    pricing_type: "freemium",
    pros: ["Polished, fast websites", "Design freedom without code", "Useful AI layout start"],
    cons: ["Custom domains need a paid plan", "Learning curve for advanced layouts"],
    faq: [
      {
        question: "Do I need to code to use Framer?",
        answer: "No, Framer is a visual builder, though you can add custom code components if you want.",
      },
      { question: "Can I use my own domain?", answer: "Yes, on paid site plans." },
    ],
  },
  {
    name: "Gamma",
    description: `**Gamma** creates presentations, documents and simple websites from a prompt, an outline or pasted text. It produces a designed first draft in seconds that you can then edit with AI or by hand.

- Generate decks from a prompt or imported document
- Flexible cards instead of fixed slides
- Export to PowerPoint, Google Slides and PDF

New users get free credits to try it; paid plans add unlimited AI creation, custom branding and removal of the Gamma badge.`,
    website_url: "https://gamma.app",
    category: "design",
    pricing_type: "freemium",
    pros: ["Very fast first drafts", "Attractive default designs", "Exports to PowerPoint"],
    cons: ["Less precise layout control", "Free credits run out quickly"],
    faq: [
      {
        question: "Can Gamma export to PowerPoint?",
        answer: "Yes, you can export to PowerPoint, Google Slides and PDF.",
      },
      {
        question: "Is Gamma free?",
        answer: "There is a free plan with starting credits; paid plans add unlimited AI and branding options.",
      },
    ],
  },
  {
    name: "Beautiful.ai",
    description: `**Beautiful.ai** is presentation software with smart templates that adjust the layout automatically as you add content, so slides stay aligned and on-brand.

- Smart slides that rearrange as you type
- Generate a deck from a prompt
- Team themes, brand controls and PowerPoint export

Beautiful.ai is a paid tool with a free trial; Pro is aimed at individuals and the Team plan adds shared brand controls.`,
    website_url: "https://www.beautiful.ai",
    category: "design",
    pricing_type: "free trial",
    pros: ["Slides always look tidy", "Strong brand controls for teams", "Quick to learn"],
    cons: ["Less freedom than manual tools", "No permanent free plan"],
    faq: [
      { question: "Is there a free version of Beautiful.ai?", answer: "No, but you can start with a free trial." },
      { question: "Can I export to PowerPoint?", answer: "Yes, decks can be exported to PowerPoint and PDF." },
    ],
  },
  {
    name: "Photoroom",
    description: `**Photoroom** is an AI photo editor built for product and marketplace photos. It removes backgrounds, generates new scenes and creates consistent product shots in batches.

- Background removal and AI backgrounds
- Batch editing for large catalogues
- Templates for marketplaces and social media

Photoroom runs on iOS, Android and the web. The free plan includes core editing with a watermark on some exports; Pro removes it and unlocks AI features and batch tools.`,
    website_url: "https://www.photoroom.com",
    category: "design",
    pricing_type: "freemium",
    pros: ["Excellent cut-outs", "Great for e-commerce", "Works well on mobile"],
    cons: ["Watermark on the free plan", "Generated scenes can look artificial"],
    faq: [
      {
        question: "Who is Photoroom for?",
        answer: "Mainly online sellers, marketplaces and small businesses creating product photos.",
      },
      {
        question: "Does Photoroom have an API?",
        answer: "Yes, there is an API for background removal and image editing at scale.",
      },
    ],
  },
  {
    name: "Remove.bg",
    description: `**Remove.bg** does one thing very well: it removes the background from a photo automatically in a few seconds. It handles people, products, animals and cars, including tricky details like hair.

- One-click background removal
- Replace the background with a colour or image
- Desktop app, plugins and an API

Preview-size results are free; full-resolution downloads use credits, available by subscription or pay-as-you-go.`,
    website_url: "https://www.remove.bg",
    category: "design",
    pricing_type: "freemium",
    pros: ["Extremely fast", "Accurate edges", "API for automation"],
    cons: ["Full-resolution images cost credits", "Only handles background removal"],
    faq: [
      {
        question: "Is Remove.bg free?",
        answer: "Preview-resolution downloads are free; full resolution requires credits.",
      },
      { question: "Who makes Remove.bg?", answer: "Remove.bg is part of Canva." },
    ],
  },
  {
    name: "Clipdrop",
    description: `**Clipdrop** is a suite of AI image editing tools in the browser. It includes quick utilities for cleaning up, relighting and extending photos.

- Remove background and clean up unwanted objects
- Relight, upscale and uncrop images
- Text-to-image generation and replace background

Clipdrop was created by Init ML, later owned by Stability AI and is now part of Jasper. A free tier offers limited daily use, and a Pro plan lifts the limits.`,
    website_url: "https://clipdrop.co",
    category: "design",
    pricing_type: "freemium",
    pros: ["Many quick tools in one place", "Good object removal", "No install required"],
    cons: ["Free tier limited and low resolution", "Tools are less deep than full editors"],
    faq: [
      {
        question: "What can Clipdrop do?",
        answer: "Remove backgrounds and objects, relight, upscale and extend images, and generate images from text.",
      },
      { question: "Is Clipdrop free?", answer: "Yes, with daily limits; Pro removes them." },
    ],
  },

  // Marketing & SEO
  {
    name: "Jasper",
    description: `**Jasper** is an AI content platform for marketing teams. It focuses on producing on-brand content at scale, from campaign briefs to blog posts, emails and ads.

- **Brand Voice** and style guides applied to every output
- Marketing agents and reusable workflows
- Image generation and editing, plus a browser extension

Jasper is a paid product with a free trial; the Pro plan suits individuals and small teams, and Business adds custom agents and admin controls.`,
    website_url: "https://www.jasper.ai",
    category: "marketing-seo",
    pricing_type: "free trial",
    pros: ["Keeps content on-brand", "Built for marketing workflows", "Team collaboration features"],
    cons: ["Expensive for solo users", "General chatbots cover simple tasks for less"],
    faq: [
      { question: "Does Jasper have a free plan?", answer: "No, but you can start with a free trial." },
      {
        question: "What is Jasper Brand Voice?",
        answer: "A feature that stores your tone, style and company facts so outputs match your brand.",
      },
    ],
    affiliate_link: "https://www.jasper.ai?ref=aitoolsdirectory",
  },
  {
    name: "Copy.ai",
    description: `**Copy.ai** started as an AI copywriting tool and has grown into a go-to-market AI platform. Sales and marketing teams use it to automate prospect research, outreach, content and other repetitive workflows.

- Chat for quick copy with brand voice support
- **Workflows** that automate multi-step GTM tasks
- Integrations with CRMs and other business tools

A free plan lets you try chat with a monthly word limit; paid plans add unlimited chat words and workflow credits.`,
    website_url: "https://www.copy.ai",
    category: "marketing-seo",
    pricing_type: "freemium",
    pros: ["Automates repetitive sales tasks", "Many ready-made workflows", "Free plan to start"],
    cons: ["Workflows take time to set up", "Higher tiers are costly"],
    faq: [
      { question: "Is Copy.ai free?", answer: "Yes, the free plan includes chat with a monthly word limit." },
      {
        question: "What are Copy.ai Workflows?",
        answer: "Automated sequences of AI steps for tasks like lead research, content repurposing and outreach.",
      },
    ],
  },
  {
    name: "Writesonic",
    description: `**Writesonic** is an AI marketing platform focused on search visibility. It combines an SEO-focused article writer with tools that track how your brand appears in AI search engines and chatbots.

- SEO articles with research and optimisation built in
- AI search visibility tracking across assistants
- Site audits and content recommendations

Writesonic offers paid plans with a free trial, aimed at marketers, agencies and content teams.`,
    website_url: "https://writesonic.com",
    category: "marketing-seo",
    pricing_type: "free trial",
    pros: ["SEO and AI search in one platform", "Fast long-form drafts", "Useful for agencies"],
    cons: ["Pricing rises quickly with features", "Drafts still need editing"],
    faq: [
      {
        question: "What is AI search visibility?",
        answer:
          "A measure of how often and how favourably your brand is mentioned in answers from AI assistants and AI search engines.",
      },
      { question: "Can I try Writesonic for free?", answer: "Yes, there is a free trial before you pick a paid plan." },
    ],
    affiliate_link: "https://writesonic.com?ref=aitoolsdirectory",
  },
  {
    name: "Surfer SEO",
    description: `**Surfer SEO** helps you write content that ranks. Its Content Editor compares your draft with top-ranking pages and gives a live score with suggestions for topics, terms, headings and length.

- Content Editor with a real-time content score
- AI article writer and content audits
- Topical maps to plan clusters of articles

Surfer is a paid tool with plans for individuals, teams and agencies.`,
    website_url: "https://surferseo.com",
    category: "marketing-seo",
    pricing_type: "paid",
    pros: ["Clear, actionable SEO guidance", "Works with Google Docs and WordPress", "Speeds up content briefs"],
    cons: ["No free plan", "Chasing the score can hurt readability"],
    faq: [
      { question: "Does Surfer SEO have a free plan?", answer: "No, Surfer SEO is paid." },
      {
        question: "Can I use Surfer inside Google Docs?",
        answer: "Yes, through its Google Docs and WordPress integrations.",
      },
    ],
    affiliate_link: "https://surferseo.com?ref=aitoolsdirectory",
  },
  {
    name: "Frase",
    description: `**Frase** is an SEO content tool that researches search results and helps you build briefs and optimised articles. It summarises what competing pages cover and scores your draft against them.

- Research of top-ranking pages and questions people ask
- Content briefs and outlines in minutes
- Optimisation score and AI writing tools

Frase is a paid tool that you can try before subscribing; plans are aimed at solo writers, teams and agencies.`,
    website_url: "https://www.frase.io",
    category: "marketing-seo",
    pricing_type: "free trial",
    pros: ["Fast content briefs", "Affordable entry plan", "Good competitor research"],
    cons: ["Editor is less polished than rivals", "Advanced features in higher tiers"],
    faq: [
      {
        question: "What is Frase best for?",
        answer: "Creating SEO content briefs and optimising articles against search results.",
      },
      { question: "Can I try Frase before paying?", answer: "Yes, Frase offers a trial so you can test it first." },
    ],
  },
  {
    name: "AdCreative.ai",
    description: `**AdCreative.ai** generates ad creatives, such as banners, social ads and product shots, in your brand's style. It also scores creatives for likely performance before you spend money on them.

- Ad creatives in many sizes from your brand assets
- Creative scoring and competitor insights
- Ad copy and product photoshoot generation

AdCreative.ai is a paid tool with a free trial, with plans priced by the number of downloads and brands.`,
    website_url: "https://www.adcreative.ai",
    category: "marketing-seo",
    pricing_type: "free trial",
    pros: ["Many ad variations quickly", "Uses your brand kit", "Performance predictions"],
    cons: ["Designs can look formulaic", "Costs scale with downloads"],
    faq: [
      {
        question: "Which ad platforms does AdCreative.ai support?",
        answer: "It creates sizes for major platforms such as Meta, Google and LinkedIn.",
      },
      { question: "Is there a free trial?", answer: "Yes, new users can try it for free before subscribing." },
    ],
  },

  // Data & Analytics
  {
    name: "Julius AI",
    description: `**Julius AI** is an AI data analyst. Upload a spreadsheet or connect a database, ask questions in plain language and it writes and runs the analysis, returning charts, tables and explanations.

- Natural-language analysis of CSV, Excel and databases
- Charts and statistical tests on request
- Shows the Python or SQL code it ran

A free plan includes a limited number of messages each month; paid plans add unlimited messages and more data connectors.`,
    website_url: "https://julius.ai",
    category: "data-analytics",
    pricing_type: "freemium",
    pros: ["No coding needed", "Shows its code", "Quick charts"],
    cons: ["Free messages are limited", "Large datasets can be slow"],
    faq: [
      {
        question: "Which files can Julius AI analyse?",
        answer: "CSV, Excel and Google Sheets files, among others, and it can connect to databases on paid plans.",
      },
      {
        question: "Can I see how Julius reached a result?",
        answer: "Yes, it shows the code it ran for each analysis.",
      },
    ],
  },
  {
    name: "Rows",
    description: `**Rows** is a modern spreadsheet with a built-in AI analyst and native integrations. It pulls data from sources such as Google Analytics, Stripe and HubSpot straight into tables.

- AI Analyst summarises, classifies and charts data
- Built-in integrations for marketing and finance data
- Publish spreadsheets as interactive web pages

The free plan covers individuals and small projects; paid plans add more AI usage, integrations and team features.`,
    website_url: "https://rows.com",
    category: "data-analytics",
    pricing_type: "freemium",
    pros: ["Familiar spreadsheet interface", "Useful built-in integrations", "Easy sharing as web pages"],
    cons: ["Smaller community than Excel or Sheets", "Some integrations need paid plans"],
    faq: [
      {
        question: "Can I import Excel files into Rows?",
        answer: "Yes, Rows can import Excel and CSV files and Google Sheets.",
      },
      {
        question: "What does the AI Analyst do?",
        answer:
          "It answers questions about your data, creates pivot tables and charts, and runs AI functions on cells.",
      },
    ],
  },
  {
    name: "Hex",
    description: `**Hex** is a collaborative data workspace that combines SQL, Python and no-code cells in notebooks and turns them into interactive apps. Its AI helps write queries, fix errors and answer questions about data.

- AI that generates and edits SQL and Python
- Notebooks that become shareable data apps
- Connections to major data warehouses

A free Community plan is available for individuals; paid plans add collaboration, more compute and governance.`,
    website_url: "https://hex.tech",
    category: "data-analytics",
    pricing_type: "freemium",
    pros: ["SQL and Python together", "Great for sharing analyses", "Helpful AI assistance"],
    cons: ["Aimed at data teams rather than beginners", "Costs rise with team size"],
    faq: [
      {
        question: "Who is Hex for?",
        answer: "Data analysts and data scientists who work with SQL and Python and share results with stakeholders.",
      },
      {
        question: "Which databases does Hex support?",
        answer: "Most major warehouses, including Snowflake, BigQuery, Redshift, Databricks and Postgres.",
      },
    ],
  },
  {
    name: "Tableau",
    description: `**Tableau** is Salesforce's business intelligence platform for visual analytics and dashboards. Its AI features, including **Tableau Agent**, help users prepare data, build visualisations and explore data through questions.

- Drag-and-drop dashboards and visual analytics
- AI help for calculations and data preparation
- Tableau Pulse for automated metric insights

Tableau is a paid product licensed per user, with a free trial. **Tableau Public** lets anyone publish visualisations publicly for free.`,
    website_url: "https://www.tableau.com",
    category: "data-analytics",
    pricing_type: "paid",
    pros: ["Powerful visualisations", "Mature enterprise platform", "Large community"],
    cons: ["Expensive for small teams", "Steep learning curve"],
    faq: [
      { question: "Who owns Tableau?", answer: "Tableau is part of Salesforce." },
      {
        question: "Is there a free version of Tableau?",
        answer: "Tableau Public is free for public visualisations; business use requires a paid licence.",
      },
    ],
  },
  {
    name: "Microsoft Power BI",
    description: `**Power BI** is Microsoft's business intelligence platform. It connects to hundreds of data sources, models the data and publishes interactive reports, and **Copilot in Power BI** lets users create reports and summaries from natural-language requests.

- Hundreds of data connectors
- Copilot for report creation and data questions
- Deep integration with Excel, Teams and Microsoft Fabric

Power BI Desktop is free to download; sharing and collaboration need Pro or Premium licences, and Copilot requires eligible paid capacity.`,
    website_url: "https://www.microsoft.com/en-us/power-platform/products/power-bi",
    category: "data-analytics",
    pricing_type: "freemium",
    pros: ["Free desktop app", "Works well with Microsoft 365", "Strong data modelling"],
    cons: ["Copilot needs paid capacity", "Windows-only desktop app"],
    faq: [
      { question: "Is Power BI free?", answer: "Power BI Desktop is free; sharing reports requires a paid licence." },
      {
        question: "Does Power BI Desktop run on Mac?",
        answer: "No, Power BI Desktop runs on Windows, but reports can be viewed in the browser on any platform.",
      },
    ],
  },

  // Music
  {
    name: "Suno",
    description: `**Suno** creates complete songs, with vocals, lyrics and instruments, from a short text description. You can also write your own lyrics, choose a style and extend or remix tracks.

- Full songs with vocals in many genres
- Custom lyrics and style prompts
- Song editor to rework sections and stems

The free plan gives daily credits for non-commercial use; Pro and Premier plans add more credits and commercial use rights for songs made while subscribed.`,
    website_url: "https://suno.com",
    category: "music",
    pricing_type: "freemium",
    pros: ["Impressively complete songs", "Very easy to start", "Daily free credits"],
    cons: ["Free songs are non-commercial", "Vocals can sound artificial at times"],
    faq: [
      {
        question: "Can I use Suno songs commercially?",
        answer: "Only songs created on a paid plan come with commercial use rights.",
      },
      {
        question: "Can Suno sing my own lyrics?",
        answer: "Yes, custom mode lets you write lyrics and describe the style.",
      },
    ],
  },
  {
    name: "Udio",
    description: `**Udio** is an AI music generator that creates songs with vocals and instrumentals from text prompts. It is known for high audio quality and fine control over structure.

- Generate, extend and remix tracks
- Custom lyrics and style tags
- Inpainting to rework parts of a song

Udio has a free tier with limited credits and paid subscriptions with more credits and features. Its service is evolving after licensing agreements with record labels.`,
    website_url: "https://www.udio.com",
    category: "music",
    pricing_type: "freemium",
    pros: ["High audio fidelity", "Good control over song sections", "Wide range of styles"],
    cons: ["Features changing as licensing evolves", "Learning curve for advanced controls"],
    faq: [
      { question: "Is Udio free?", answer: "There is a free tier with limited credits; subscriptions add more." },
      {
        question: "Can I write my own lyrics in Udio?",
        answer: "Yes, you can provide your own lyrics or let Udio write them.",
      },
    ],
  },
  {
    name: "AIVA",
    description: `**AIVA** is an AI composer for soundtracks, game music, ads and background tracks. You choose a style, key, tempo and length, and it composes an original piece you can edit in its built-in editor.

- Over 250 styles, from orchestral to electronic
- Edit notes and instruments after generation
- Export audio and MIDI files

The free plan allows a limited number of downloads for non-commercial use with attribution; paid plans add commercial licences and, on the top tier, copyright ownership.`,
    website_url: "https://www.aiva.ai",
    category: "music",
    pricing_type: "freemium",
    pros: ["Editable compositions", "MIDI export", "Great for soundtracks"],
    cons: ["No vocals", "Ownership only on the top plan"],
    faq: [
      {
        question: "Can I own the music I make with AIVA?",
        answer: "On the Pro plan you own the copyright of your compositions.",
      },
      { question: "Can I export MIDI?", answer: "Yes, AIVA exports MIDI as well as audio." },
    ],
  },
  {
    name: "Soundraw",
    description: `**Soundraw** generates royalty-free instrumental music for videos, podcasts and games. You pick a genre, mood, theme and length, then customise the track's structure and instruments.

- Choose mood, genre, tempo and length
- Adjust intensity and arrange sections
- Royalty-free licence for creators on paid plans

You can generate and preview music for free; downloading and using tracks requires a paid subscription.`,
    website_url: "https://soundraw.io",
    category: "music",
    pricing_type: "freemium",
    pros: ["Easy customisation", "Royalty-free for creators", "Consistent quality"],
    cons: ["Downloads need a subscription", "Instrumentals only"],
    faq: [
      {
        question: "Can I use Soundraw music on YouTube?",
        answer: "Yes, tracks downloaded on a paid plan can be used in your videos without paying royalties.",
      },
      { question: "Does Soundraw make vocals?", answer: "No, it generates instrumental music." },
    ],
  },
  {
    name: "Mubert",
    description: `**Mubert** generates royalty-free music from a text prompt, a genre or a mood. It is aimed at content creators, app developers and brands that need background music quickly.

- Tracks generated to the length you need
- Prompt, genre and mood-based generation
- API for apps and platforms

A free tier lets you generate tracks with attribution; paid plans add commercial licences and more downloads.`,
    website_url: "https://mubert.com",
    category: "music",
    pricing_type: "freemium",
    pros: ["Fast background music", "Any track length", "Developer API"],
    cons: ["Tracks can sound repetitive", "Attribution on the free plan"],
    faq: [
      { question: "What is Mubert best for?", answer: "Background music for videos, streams, apps and podcasts." },
      { question: "Does Mubert have an API?", answer: "Yes, Mubert offers an API for developers." },
    ],
  },

  // Education
  {
    name: "Khanmigo",
    description: `**Khanmigo** is Khan Academy's AI tutor and teaching assistant. For students it works like a patient tutor that asks guiding questions instead of giving away answers; for teachers it helps plan lessons and create materials.

- Step-by-step tutoring in math, science, humanities and more
- Writing coach and debate practice
- Lesson plans, rubrics and quizzes for teachers

Khanmigo is free for teachers in supported countries. Learners and parents can subscribe for a small monthly fee, and districts can purchase it for their schools.`,
    website_url: "https://www.khanmigo.ai",
    category: "education",
    pricing_type: "freemium",
    pros: ["Guides instead of giving answers", "Free for teachers", "Backed by Khan Academy content"],
    cons: ["Learner access is paid", "Availability varies by country"],
    faq: [
      {
        question: "Is Khanmigo free?",
        answer: "It is free for teachers; learners and parents pay a small monthly subscription.",
      },
      {
        question: "Does Khanmigo do homework for students?",
        answer: "No, it is designed to guide students to the answer rather than give it to them.",
      },
    ],
  },
  {
    name: "Duolingo Max",
    description: `**Duolingo Max** is Duolingo's top subscription tier, adding AI-powered features on top of the regular lessons.

- **Video Call** with the character Lily for conversation practice
- **Explain My Answer** for feedback on mistakes
- Roleplay scenarios for real-world practice

It includes everything in Super Duolingo, such as no ads and unlimited hearts. Feature and course availability depend on your language and platform.`,
    website_url: "https://www.duolingo.com",
    category: "education",
    pricing_type: "paid",
    pros: ["Realistic conversation practice", "Clear explanations of mistakes", "Builds on a fun, familiar app"],
    cons: ["Most expensive Duolingo tier", "Not available for every course"],
    faq: [
      {
        question: "What is the difference between Super and Max?",
        answer: "Max includes everything in Super plus AI features such as Video Call and Explain My Answer.",
      },
      {
        question: "Is Duolingo Max available for all languages?",
        answer: "No, AI features are available for selected courses and languages.",
      },
    ],
  },
  {
    name: "Quizlet",
    description: `**Quizlet** is a study platform built around flashcards. Its AI features turn notes, documents and slides into flashcards, practice tests and study guides.

- Flashcards and several study modes
- Generate study materials from your notes
- **Learn** mode that adapts to what you know

The basic service is free with ads; **Quizlet Plus** removes ads and unlocks more study modes and AI features.`,
    website_url: "https://quizlet.com",
    category: "education",
    pricing_type: "freemium",
    pros: ["Huge library of shared study sets", "Quick flashcards from notes", "Easy for all ages"],
    cons: ["Many features behind Plus", "Shared sets can contain errors"],
    faq: [
      { question: "Is Quizlet free?", answer: "Yes, with ads and some limits. Quizlet Plus adds more features." },
      {
        question: "Can Quizlet make flashcards from my notes?",
        answer: "Yes, it can generate flashcards and practice tests from uploaded notes.",
      },
    ],
  },
  {
    name: "Speak",
    description: `**Speak** is a language-learning app centred on speaking out loud. An AI tutor holds conversations with you, corrects your pronunciation and grammar, and adapts lessons to your level.

- Speaking-first lessons with instant feedback
- Free-form conversations with an AI tutor
- Courses in several languages, including English, Spanish and French

Speak is a subscription app with a free trial.`,
    website_url: "https://www.speak.com",
    category: "education",
    pricing_type: "free trial",
    pros: ["Lots of speaking practice", "Realistic conversations", "Helpful pronunciation feedback"],
    cons: ["Subscription required after the trial", "Fewer languages than bigger apps"],
    faq: [
      {
        question: "Which languages does Speak teach?",
        answer: "Courses include English, Spanish and French, with availability depending on your native language.",
      },
      { question: "Is Speak free?", answer: "You can start with a free trial; continued use requires a subscription." },
    ],
  },
  {
    name: "Photomath",
    description: `**Photomath** solves math problems from a photo. Point your camera at a printed or handwritten problem and it shows the answer along with step-by-step explanations.

- Camera-based math solving
- Step-by-step explanations and animations
- Covers arithmetic to calculus

Photomath is owned by Google. Core solving is free, and **Photomath Plus** adds detailed textbook solutions and deeper explanations.`,
    website_url: "https://photomath.com",
    category: "education",
    pricing_type: "freemium",
    pros: ["Fast and accurate solving", "Clear step-by-step explanations", "Reads handwriting"],
    cons: ["Easy to copy answers without learning", "Best explanations need Plus"],
    faq: [
      { question: "Is Photomath free?", answer: "Yes, the core app is free; Photomath Plus adds extra explanations." },
      { question: "Who owns Photomath?", answer: "Photomath is owned by Google." },
    ],
  },
];

export const reviews: SeedReview[] = [
  {
    tool: "ChatGPT",
    rating: 5,
    comment: "My default assistant for drafting emails and untangling spreadsheets. Voice mode is great on walks.",
  },
  {
    tool: "ChatGPT",
    rating: 4,
    comment: "Handles almost anything I throw at it, but I still double-check facts and figures.",
  },
  {
    tool: "ChatGPT",
    rating: 3,
    comment: "Useful, though the free plan limits kick in right when I'm in the middle of something.",
  },
  {
    tool: "Claude",
    rating: 5,
    comment: "The best writing partner I've used. It keeps the tone I ask for across long documents.",
  },
  {
    tool: "Claude",
    rating: 5,
    comment: "Pasted a 60-page contract and got a clear summary of the risky clauses in a minute.",
  },
  { tool: "Claude", rating: 3, comment: "Great answers, but I hit the usage limit too often on busy days." },
  {
    tool: "Gemini",
    rating: 4,
    comment: "Handy that it can pull details from my Gmail and Drive without copy-pasting.",
  },
  { tool: "Gemini", rating: 4, comment: "Deep Research saved me an afternoon on a market overview." },
  {
    tool: "Gemini",
    rating: 2,
    comment: "Answers were fine but the Workspace features weren't available on my work account.",
  },
  {
    tool: "Microsoft Copilot",
    rating: 4,
    comment: "Free, quick and cites its sources. Good enough for most everyday questions.",
  },
  {
    tool: "Microsoft Copilot",
    rating: 3,
    comment: "Decent assistant, but it feels less flexible than the standalone chatbots.",
  },
  {
    tool: "Microsoft Copilot",
    rating: 4,
    comment: "Using it in Edge to summarise long articles is a real time saver.",
  },
  {
    tool: "Perplexity",
    rating: 5,
    comment: "Replaced most of my web searches. I love that every claim links to a source.",
  },
  {
    tool: "Perplexity",
    rating: 4,
    comment: "Great for quick research, though sometimes it leans on one or two sites too much.",
  },
  {
    tool: "Perplexity",
    rating: 5,
    comment: "Spaces keep my client research organised. Worth the Pro subscription for me.",
  },
  { tool: "Midjourney", rating: 5, comment: "Nothing else gives me this level of mood and lighting for concept art." },
  {
    tool: "Midjourney",
    rating: 4,
    comment: "Stunning images; style references finally made my series look consistent.",
  },
  {
    tool: "Midjourney",
    rating: 2,
    comment: "Beautiful results, but no free plan and my images were public on the basic tier.",
  },
  {
    tool: "DALL·E 3",
    rating: 4,
    comment: "Very good at following long, specific prompts. Easy to refine by just chatting.",
  },
  { tool: "DALL·E 3", rating: 3, comment: "Fine for quick illustrations, less control than dedicated image tools." },
  { tool: "DALL·E 3", rating: 4, comment: "The API made it simple to add image generation to our internal tool." },
  {
    tool: "Stable Diffusion",
    rating: 5,
    comment: "Running it locally with my own fine-tuned model is exactly what I needed for product shots.",
  },
  {
    tool: "Stable Diffusion",
    rating: 3,
    comment: "Powerful, but it took me a weekend of tutorials to get decent results.",
  },
  { tool: "Stable Diffusion", rating: 4, comment: "Love the freedom and the community models. A good GPU is a must." },
  { tool: "Leonardo.Ai", rating: 4, comment: "Daily free tokens are generous and the canvas editor is really useful." },
  {
    tool: "Leonardo.Ai",
    rating: 4,
    comment: "Great presets for game assets. The interface has a lot going on though.",
  },
  {
    tool: "Leonardo.Ai",
    rating: 3,
    comment: "Good results, but I kept losing track of how many tokens each feature costs.",
  },
  { tool: "Ideogram", rating: 5, comment: "Finally an image generator that spells the words on my posters correctly." },
  { tool: "Ideogram", rating: 4, comment: "Perfect for event flyers and quick logo ideas." },
  { tool: "Ideogram", rating: 3, comment: "Text is great, photorealistic scenes are a bit weaker than other tools." },
  { tool: "Adobe Firefly", rating: 4, comment: "Generative Fill in Photoshop has changed how I retouch photos." },
  {
    tool: "Adobe Firefly",
    rating: 4,
    comment: "Our legal team was comfortable with it for client work, which matters a lot.",
  },
  { tool: "Adobe Firefly", rating: 2, comment: "The free credits ran out after a handful of tries." },
  { tool: "Runway", rating: 5, comment: "The motion quality is excellent for b-roll and mood pieces." },
  { tool: "Runway", rating: 3, comment: "Impressive clips, but credits disappear fast while you iterate." },
  { tool: "Runway", rating: 4, comment: "Background removal and inpainting alone are worth it for our small studio." },
  { tool: "Synthesia", rating: 4, comment: "We produced twenty training videos without booking a single shoot." },
  { tool: "Synthesia", rating: 4, comment: "Translation into other languages works really well for our global team." },
  { tool: "Synthesia", rating: 3, comment: "Good for internal videos, but the avatars still feel a little stiff." },
  {
    tool: "HeyGen",
    rating: 5,
    comment: "Translated my course intro into Spanish with my own voice. Students loved it.",
  },
  { tool: "HeyGen", rating: 4, comment: "Very quick avatar videos; lip-sync is surprisingly good." },
  { tool: "HeyGen", rating: 3, comment: "The free plan is too short to judge longer videos." },
  { tool: "CapCut", rating: 5, comment: "Auto captions are fast and accurate. I edit all my Reels here." },
  { tool: "CapCut", rating: 3, comment: "Still a great editor, but features I used to get for free now need Pro." },
  { tool: "CapCut", rating: 4, comment: "Background removal without a green screen works better than expected." },
  { tool: "Opus Clip", rating: 4, comment: "Turned a one-hour podcast into a dozen usable Shorts in minutes." },
  { tool: "Opus Clip", rating: 3, comment: "Some picks are great, others cut off mid-sentence. Needs a quick review." },
  { tool: "Opus Clip", rating: 2, comment: "The virality score didn't match what actually performed on my channel." },
  {
    tool: "ElevenLabs",
    rating: 5,
    comment: "The most natural voices I have heard. Our audiobook samples sounded human.",
  },
  { tool: "ElevenLabs", rating: 5, comment: "Dubbing kept my voice in German and French. Clients were impressed." },
  { tool: "ElevenLabs", rating: 3, comment: "Quality is top notch but long scripts burn through characters quickly." },
  { tool: "Descript", rating: 5, comment: "Editing a podcast by editing text is a game changer for me." },
  { tool: "Descript", rating: 4, comment: "Studio Sound rescues recordings from noisy rooms." },
  { tool: "Descript", rating: 3, comment: "Love the concept, but it gets sluggish on long video projects." },
  { tool: "Murf AI", rating: 4, comment: "Good control over pauses and emphasis for our e-learning modules." },
  { tool: "Murf AI", rating: 3, comment: "Solid voices, though a few sounded flat compared with competitors." },
  { tool: "Murf AI", rating: 4, comment: "Syncing the voice-over to slides inside the studio saves a lot of time." },
  { tool: "Krisp", rating: 5, comment: "My dog barks, my calls stay quiet. Works with every app I use." },
  { tool: "Krisp", rating: 4, comment: "Noise cancellation is excellent; the meeting notes are a nice bonus." },
  { tool: "Krisp", rating: 3, comment: "Works well but my older laptop runs hot when it's on." },
  { tool: "GitHub Copilot", rating: 5, comment: "Completions feel like it reads my mind for boilerplate and tests." },
  {
    tool: "GitHub Copilot",
    rating: 4,
    comment: "Agent mode handles small refactors well. Still reviewing every change.",
  },
  { tool: "GitHub Copilot", rating: 3, comment: "Helpful, but it suggests outdated APIs in less common libraries." },
  {
    tool: "Cursor",
    rating: 5,
    comment: "The codebase-aware chat is the best I've used. Switched from VS Code in a day.",
  },
  { tool: "Cursor", rating: 4, comment: "Multi-file edits are powerful, you just have to review the diffs carefully." },
  {
    tool: "Cursor",
    rating: 2,
    comment: "Pricing and usage limits changed and I couldn't tell what I'd pay each month.",
  },
  { tool: "Replit", rating: 4, comment: "Built and deployed a small booking app without touching a terminal." },
  { tool: "Replit", rating: 3, comment: "Great for prototypes, but costs added up as the agent kept iterating." },
  { tool: "Replit", rating: 5, comment: "Perfect for teaching: students code in the browser with zero setup." },
  { tool: "Lovable", rating: 5, comment: "Had a clean-looking MVP in an afternoon. The GitHub sync is essential." },
  { tool: "Lovable", rating: 3, comment: "Fast start, but it got stuck fixing the same bug repeatedly." },
  { tool: "Lovable", rating: 4, comment: "Supabase integration made auth and a database painless." },
  { tool: "Bolt.new", rating: 4, comment: "Amazing that a full dev environment runs in my browser tab." },
  { tool: "Bolt.new", rating: 3, comment: "Good for small apps; bigger projects used tokens very quickly." },
  { tool: "Bolt.new", rating: 1, comment: "Kept breaking working code while trying to add one feature." },
  { tool: "Notion AI", rating: 4, comment: "Asking questions across our wiki actually finds the right page now." },
  { tool: "Notion AI", rating: 4, comment: "AI Meeting Notes replaced a separate notetaker for our team." },
  { tool: "Notion AI", rating: 2, comment: "Moving AI to the Business plan made it too expensive for our small team." },
  {
    tool: "Otter.ai",
    rating: 4,
    comment: "Reliable transcripts, and the summary lands in my inbox right after the call.",
  },
  { tool: "Otter.ai", rating: 3, comment: "Accurate in English, less so with my colleagues' accents." },
  { tool: "Otter.ai", rating: 4, comment: "Searching old meetings for a decision saved me more than once." },
  { tool: "Fireflies.ai", rating: 4, comment: "Pushes meeting notes straight into our CRM. Sales team loves it." },
  { tool: "Fireflies.ai", rating: 3, comment: "Works well, but some clients were surprised by the bot joining calls." },
  {
    tool: "Fireflies.ai",
    rating: 5,
    comment: "Supports the languages our international team speaks. Very helpful summaries.",
  },
  { tool: "Grammarly", rating: 5, comment: "Catches the small mistakes I never see myself, everywhere I type." },
  { tool: "Grammarly", rating: 4, comment: "Tone suggestions helped my emails sound less abrupt." },
  { tool: "Grammarly", rating: 3, comment: "Good checker, but it sometimes flattens my personal style." },
  { tool: "QuillBot", rating: 4, comment: "The paraphraser helps me rework clunky sentences in my essays." },
  { tool: "QuillBot", rating: 3, comment: "Useful, but you have to check that the meaning didn't change." },
  { tool: "QuillBot", rating: 4, comment: "The citation generator alone saves me time every semester." },
  { tool: "DeepL", rating: 5, comment: "Translations read naturally, and documents keep their formatting." },
  { tool: "DeepL", rating: 5, comment: "Glossaries keep our product terms consistent across languages." },
  { tool: "DeepL", rating: 4, comment: "Excellent quality; I just wish it supported a few more languages." },
  { tool: "Jasper", rating: 4, comment: "Brand Voice keeps our team's copy consistent across channels." },
  {
    tool: "Jasper",
    rating: 3,
    comment: "Good outputs, but pricey compared with a general chatbot for a solo marketer.",
  },
  { tool: "Jasper", rating: 4, comment: "Campaign workflows cut our briefing time roughly in half." },
  { tool: "Surfer SEO", rating: 5, comment: "The content score gives writers a clear target. Our rankings improved." },
  { tool: "Surfer SEO", rating: 4, comment: "Great guidance, as long as you don't chase the score over readability." },
  { tool: "Surfer SEO", rating: 2, comment: "Too expensive for a small blog like mine." },
  {
    tool: "Canva Magic Studio",
    rating: 5,
    comment: "Magic Switch resized one design into every social format in seconds.",
  },
  { tool: "Canva Magic Studio", rating: 4, comment: "Magic Eraser is my go-to for quick photo clean-ups." },
  { tool: "Canva Magic Studio", rating: 3, comment: "Handy, but the generated layouts can look a bit generic." },
  { tool: "Gamma", rating: 5, comment: "Pasted my notes and had a decent-looking deck in two minutes." },
  { tool: "Gamma", rating: 4, comment: "Exporting to PowerPoint works well for sharing with clients." },
  { tool: "Gamma", rating: 3, comment: "Great first drafts, but fine-tuning layouts is fiddly." },
  { tool: "Suno", rating: 5, comment: "Made a birthday song with my own lyrics. Everyone thought it was a real band." },
  { tool: "Suno", rating: 4, comment: "Very quick demos for songwriting ideas. Vocals occasionally sound off." },
  { tool: "Suno", rating: 2, comment: "Fun, but I didn't realise free songs couldn't be used commercially." },
  { tool: "Julius AI", rating: 4, comment: "Uploaded our sales export and got clear charts without writing any code." },
  { tool: "Julius AI", rating: 5, comment: "Showing the Python code lets me verify every result." },
  { tool: "Julius AI", rating: 3, comment: "Helpful for quick questions, slow on larger files." },
  { tool: "Khanmigo", rating: 5, comment: "As a teacher, the lesson planning help is fantastic and free." },
  { tool: "Khanmigo", rating: 4, comment: "My son gets hints instead of answers, which is exactly what I wanted." },
  { tool: "Khanmigo", rating: 4, comment: "The writing coach gives thoughtful feedback without rewriting the essay." },
  { tool: "Duolingo Max", rating: 4, comment: "Video Call practice made me much less nervous about speaking Spanish." },
  { tool: "Duolingo Max", rating: 3, comment: "Nice features, but the AI extras aren't available for my course yet." },
  { tool: "Duolingo Max", rating: 2, comment: "Too expensive for what it adds over Super." },
  { tool: "NotebookLM", rating: 5, comment: "Audio Overviews of my lecture notes are perfect for my commute." },
  { tool: "NotebookLM", rating: 5, comment: "Answers stick to my sources and cite them. Ideal for thesis research." },
  { tool: "NotebookLM", rating: 4, comment: "Excellent, though I hit the source limit on a big project." },
];

export const articles: SeedArticle[] = [
  {
    slug: "how-to-choose-an-ai-writing-assistant",
    title: "How to Choose an AI Writing Assistant",
    excerpt:
      "A practical checklist for picking an AI writing assistant: what to test, which features matter and how to compare prices without wasting a month on the wrong tool.",
    meta_title: "How to Choose an AI Writing Assistant",
    meta_description:
      "Compare AI writing assistants the practical way: test on your own tasks, check voice control, integrations, privacy and real pricing before you commit.",
    status: "published",
    published_at: "2026-06-10T09:00:00.000Z",
    content: `There are dozens of AI writing tools, and most of their landing pages promise the same thing: better writing in less time. The differences only show up when you use them on your own work. This guide walks through a simple way to choose.

## Start with the writing you actually do

Before you open a single free trial, list the three or four kinds of writing that take most of your week. For example:

- Client emails and proposals
- Blog posts or newsletters
- Product descriptions and ads
- Reports, essays or fiction

Each of these rewards a different kind of tool. Someone who writes short sales emails needs speed and tone control. A novelist needs help keeping characters consistent over hundreds of pages. A student mostly needs grammar checks and help with paraphrasing and citations.

## Know the three types of writing tools

Most writing assistants fall into one of three groups.

### Correction and polishing

Tools such as [Grammarly](/tool/grammarly) and [Wordtune](/tool/wordtune) work on text you have already written. They fix grammar, suggest clearer phrasing and adjust tone. They are the safest starting point because your ideas and structure stay your own.

### Rewriting and translation

[QuillBot](/tool/quillbot) is built around paraphrasing and summarising, while [DeepL](/tool/deepl) translates whole documents and keeps the formatting. These are useful when you need to rework existing material rather than start from scratch.

### Drafting

General assistants such as [ChatGPT](/tool/chatgpt) and [Claude](/tool/claude) can draft almost anything from a short brief. Specialist tools add structure on top: [Sudowrite](/tool/sudowrite) is designed for fiction, and [Jasper](/tool/jasper) focuses on marketing teams with shared brand voice settings.

## Run a fair test

Pick two or three candidates and give each the same tasks. Use real examples, not the demo prompts on the vendor's website.

1. Paste a rough paragraph you wrote and ask for a cleaner version.
2. Ask for a first draft from a brief you have used before.
3. Ask for the same draft in a different tone, such as more formal or more friendly.

Then compare the results side by side. Which one needed the fewest edits? Which one kept your meaning intact? Which one sounded like you?

## Features that matter after the first week

A tool that impresses in a ten-minute test can still be frustrating in daily use. Check these before you pay:

- **Where it works.** A browser extension or an add-on for your word processor saves a lot of copying and pasting.
- **Voice and style settings.** If several people write for the same brand, shared style guides prevent every document from sounding different.
- **Length limits.** Some tools struggle with long documents or cut off long answers.
- **Languages.** Quality varies a lot outside English, so test in every language you need.
- **Collaboration.** Teams need shared workspaces, permissions and billing in one place.

## Read the privacy terms

Writing often contains client names, financial details or unpublished ideas. Look for answers to three questions: Is my text used to train models? How long is it stored? Can I delete it? Business plans usually offer stronger guarantees than free accounts, which matters if you handle sensitive material.

## Compare the real price

Free plans are great for testing but often limit the number of words, rewrites or messages. When you compare paid plans, estimate your monthly usage and check what happens when you exceed it. A cheaper plan that you constantly outgrow can end up costing more than the next tier.

It is also worth asking whether you need a specialist tool at all. For occasional writing, a general assistant you already pay for may be enough. Specialist tools pay off when you write at volume, work in a team or need a feature the general tools do not offer.

## A simple rule of thumb

Choose the tool that makes your own writing better with the least amount of fixing afterwards. If you spend more time editing the AI's output than you would have spent writing, it is the wrong tool for you, however impressive the demo looked.

Browse the [Writing category](/category/writing) to compare the options side by side.`,
  },
  {
    slug: "the-best-free-ai-image-generators",
    title: "The Best Free AI Image Generators",
    excerpt:
      "You do not need a subscription to start creating images with AI. Here are the most useful free and free-tier image generators, and what each one is best at.",
    meta_title: "The Best Free AI Image Generators",
    meta_description:
      "The most useful free AI image generators and free tiers, what each does best, and the limits to watch for, from Firefly and Ideogram to Stable Diffusion.",
    status: "published",
    published_at: "2026-07-08T09:00:00.000Z",
    content: `AI image generation used to mean paying for credits before you could try anything. Today, several strong tools have free plans or free allowances that are enough for personal projects, quick social graphics and experimentation. Here is what is available and where each option shines.

## What "free" usually means

Before diving in, it helps to know the common limits on free plans:

- **Daily or monthly credits** that cap how many images you can make
- **Public images**, where your creations appear in a community gallery
- **Lower priority**, so generations can be slower at busy times
- **Licensing limits**, such as no commercial use on the free tier

None of these are deal-breakers for learning and personal use, but check them before using images in client work.

## The options worth trying

### Microsoft Copilot and Meta AI

Both [Microsoft Copilot](/tool/microsoft-copilot) and [Meta AI](/tool/meta-ai) can create images directly in a chat, free of charge. You simply describe what you want and refine it by replying. They are the easiest way to start if you have never used an image generator.

### Adobe Firefly

[Adobe Firefly](/tool/adobe-firefly) includes a small monthly allowance of generative credits on its free tier. It is designed with commercial use in mind, and if you also use Photoshop, the same technology powers Generative Fill.

### Leonardo.Ai

[Leonardo.Ai](/tool/leonardo-ai) gives free users a daily token allowance and a wide choice of models and style presets. Its canvas editor lets you extend images and repaint parts of them, which makes it one of the most complete free options.

### Ideogram

If you need words inside your images, such as a poster headline or a logo, [Ideogram](/tool/ideogram) is the one to try. It renders typography far more reliably than most generators. Free generations are limited and public.

### Stable Diffusion

[Stable Diffusion](/tool/stable-diffusion) is different: the models can be downloaded and run on your own computer at no cost, subject to Stability AI's community licence. You get complete control and no credit limits, but you need a capable graphics card and some patience to set it up.

## What about Midjourney?

[Midjourney](/tool/midjourney) remains a favourite for artistic, atmospheric images, but it currently requires a paid subscription. If aesthetics matter most and you plan to generate a lot, it is worth comparing with the free tools above after you have learned the basics.

## Tips for better results on a budget

Free credits go further when you waste fewer generations:

1. **Write a complete prompt.** Include the subject, setting, style, lighting and framing, for example "a ceramic coffee cup on a wooden table, soft morning light, close-up, product photography".
2. **Change one thing at a time.** If the lighting is wrong, adjust only the lighting words.
3. **Use references when available.** Uploading a reference image often beats describing a style in words.
4. **Edit instead of regenerating.** Inpainting tools fix one detail without spending credits on a whole new image.

## Which one should you pick?

- **Complete beginner:** start with Microsoft Copilot or Meta AI.
- **Posters and text:** Ideogram.
- **Commercial-minded work:** Adobe Firefly.
- **Most features for free:** Leonardo.Ai.
- **Full control and unlimited use:** Stable Diffusion on your own hardware.

Whichever you choose, read the terms of use before publishing. Free does not always mean free to use commercially.

See every option in the [Image Generation category](/category/image-generation).`,
  },
  {
    slug: "ai-coding-assistants-compared",
    title: "AI Coding Assistants Compared",
    excerpt:
      "Editor plugins, AI-first editors and prompt-to-app builders all promise faster coding. We compare the main approaches and the tools behind them.",
    meta_title: "AI Coding Assistants Compared",
    meta_description:
      "GitHub Copilot, Cursor, Windsurf, Tabnine, Replit, Lovable, v0 and Bolt.new compared: how they differ and which type of developer each one suits.",
    status: "published",
    published_at: "2026-08-05T09:00:00.000Z",
    content: `AI coding tools have split into distinct families. Some add suggestions to the editor you already use, some replace your editor entirely, and some skip the editor and build an app from a prompt. Knowing which family fits your work is more important than picking the "best" model.

## Family 1: assistants inside your editor

### GitHub Copilot

[GitHub Copilot](/tool/github-copilot) is the most widely used coding assistant. It works in VS Code, Visual Studio, JetBrains IDEs and several other editors, and connects closely to GitHub itself.

- Inline completions and chat
- Agent mode for changes across several files
- A coding agent that can work on an issue and open a pull request

There is a free tier with a monthly allowance, which makes it an easy first step.

### Tabnine

[Tabnine](/tool/tabnine) targets companies with strict privacy requirements. It can be deployed in a private cloud or fully on-premises, which matters in regulated industries where code cannot leave the company network.

## Family 2: AI-first editors

### Cursor

[Cursor](/tool/cursor) is a fork of VS Code rebuilt around AI. Its strength is understanding your whole repository: you can ask questions about the codebase, and its agent plans and applies multi-file changes that you review as a diff. Your VS Code extensions and settings carry over.

### Windsurf

[Windsurf](/tool/windsurf), from the team behind Codeium, takes a similar approach. Its Cascade agent keeps track of what you are doing, runs terminal commands and makes coordinated edits. The free plan is a good way to compare it with Cursor.

## Family 3: prompt-to-app builders

These tools are aimed at prototypes and at people who do not write code every day.

- [Replit](/tool/replit) runs everything in the browser, and its agent can build, host and deploy a full-stack app.
- [Lovable](/tool/lovable) generates polished React apps and connects to Supabase for data and authentication.
- [v0](/tool/v0) by Vercel focuses on high-quality React and Next.js interfaces built with popular component libraries.
- [Bolt.new](/tool/bolt-new) by StackBlitz runs a full development environment inside your browser tab.

## How they compare

| Need | Good fit |
| --- | --- |
| Keep your current editor | GitHub Copilot, Tabnine |
| Deep changes in a large codebase | Cursor, Windsurf |
| Strict data control | Tabnine |
| Working prototype in an afternoon | Lovable, Bolt.new, Replit |
| Production-quality React UI | v0 |

## What to test before you commit

Try each candidate on a real task from your backlog, not a toy example:

1. **Explain** an unfamiliar part of your codebase.
2. **Fix** a known bug, including writing a test for it.
3. **Add** a small feature that touches several files.

Pay attention to how often you need to correct the output, how easy it is to review what changed, and whether the tool respects your project's conventions.

## Keep the guardrails

AI-generated code can look convincing and still be wrong. A few habits keep you safe:

- Review every change as you would a colleague's pull request.
- Run the tests, and ask the assistant to write missing ones.
- Watch for invented functions and outdated library versions.
- Never paste secrets such as API keys into a prompt.
- Check your company's policy on which tools may see source code.

## The bottom line

If you are happy with your editor, start with GitHub Copilot. If you want the assistant to do more of the work across a large project, try Cursor or Windsurf. If you want a working prototype without setting up a development environment, pick one of the app builders, and export the code to GitHub once it starts to matter.

Compare all of them in the [Coding category](/category/coding).`,
  },
  {
    slug: "getting-started-with-ai-voice-tools",
    title: "Getting Started with AI Voice Tools",
    excerpt:
      "From natural text-to-speech to noise removal and text-based audio editing, here is how to get started with AI voice tools and avoid the common mistakes.",
    meta_title: "Getting Started with AI Voice Tools",
    meta_description:
      "A beginner's guide to AI voice tools: text to speech, voice cloning, transcription and noise removal, with tips for natural results and responsible use.",
    status: "published",
    published_at: "2026-09-09T09:00:00.000Z",
    content: `AI voice tools have quietly become some of the most useful AI products around. They narrate videos, clean up noisy recordings, transcribe meetings and let you edit a podcast by editing text. This guide covers the main types of tools and how to get good results from day one.

## The four jobs voice AI does well

### 1. Text to speech

Paste a script, choose a voice and download the audio. Modern voices handle pacing and emphasis far better than the robotic voices of a few years ago.

- [ElevenLabs](/tool/elevenlabs) is known for very natural voices in many languages and also offers dubbing.
- [Murf AI](/tool/murf-ai) is built for voice-overs in presentations and e-learning, with a studio that lines the voice up with your slides or video.

### 2. Voice cloning

Several tools can create a synthetic version of your own voice from a recording. This is useful for correcting a line in a podcast without re-recording, or for producing narration at scale. Reputable providers ask you to confirm that you have the right to use the voice, and you should only ever clone a voice with clear permission.

### 3. Transcription and text-based editing

[Descript](/tool/descript) transcribes your recording and lets you edit the audio by editing the words. Delete a sentence in the transcript and it disappears from the recording. It can also remove filler words such as "um" and "uh" automatically.

### 4. Noise removal

[Krisp](/tool/krisp) removes background noise from calls in real time and works with almost any calling app. For recordings, [Adobe Podcast](/tool/adobe-podcast) offers Enhance Speech, a one-click effect that makes a laptop-microphone recording sound far more professional.

## Your first project: a narrated video

A simple project is the best way to learn. Here is a workflow that works for product demos, tutorials and social videos.

1. **Write for the ear.** Use short sentences and everyday words. Read the script aloud once yourself.
2. **Pick a voice that fits.** A calm voice suits tutorials, an energetic one suits ads. Try three voices on the same paragraph.
3. **Use punctuation to steer delivery.** Commas add short pauses, full stops add longer ones, and breaking a long sentence in two usually sounds more natural.
4. **Fix pronunciation.** Spell brand names phonetically or use the tool's pronunciation settings.
5. **Generate in sections.** Shorter chunks are easier to fix than one long file.
6. **Listen with headphones** before you publish. Small glitches are easy to miss on laptop speakers.

## Common mistakes to avoid

- **Reading written text word for word.** Blog-style sentences sound stiff when spoken. Rewrite them.
- **Ignoring licences.** Free plans often exclude commercial use or require attribution.
- **Over-processing audio.** Heavy noise removal can make voices sound thin. Compare before and after.
- **Forgetting consent.** Recording meetings and cloning voices both require permission from the people involved.

## What does it cost?

Most voice tools are freemium. Free plans are enough to learn and test voices, but they usually limit the number of characters or minutes per month and restrict commercial use. For regular production, estimate your monthly script length and compare plans by characters or minutes rather than by headline price.

## Where to go next

Once you are comfortable with narration, try dubbing a video into another language or turning a long recording into short clips. You can also pair voice tools with an AI video tool to create a complete explainer without a microphone.

Explore more options in the [Audio & Voice category](/category/audio-voice).`,
  },
  {
    slug: "a-practical-guide-to-prompt-writing",
    title: "A Practical Guide to Prompt Writing",
    excerpt:
      "Better prompts are not about magic words. They are about context, clear instructions and examples. A practical guide with templates you can reuse.",
    meta_title: "A Practical Guide to Prompt Writing",
    meta_description:
      "Write better prompts for ChatGPT, Claude and Gemini: give context, state the task, show examples, set the format and iterate. Includes reusable templates.",
    status: "published",
    published_at: "2026-10-07T09:00:00.000Z",
    content: `Most disappointing AI answers come from prompts that leave the assistant guessing. The good news is that writing better prompts is a skill anyone can learn, and it works the same way in [ChatGPT](/tool/chatgpt), [Claude](/tool/claude), [Gemini](/tool/gemini) and most other assistants.

## Think of a capable new colleague

Imagine handing the task to a smart colleague on their first day. They know a lot in general but nothing about your project, your audience or your standards. Everything they need must be in the brief. That is what a prompt is.

## The five parts of a strong prompt

### 1. Context

Explain the situation: who you are, who the output is for and why you need it.

> I run a small bakery and I'm writing to customers who signed up for our newsletter.

### 2. Task

State exactly what you want, with an action verb.

> Write a short email announcing our new weekend opening hours.

### 3. Constraints

Add the details that separate a usable answer from a generic one: length, tone, what to include and what to avoid.

> Keep it under 120 words, warm and friendly, and do not use exclamation marks.

### 4. Examples

If you have a sample of what good looks like, include it. Examples communicate tone and structure better than any description.

### 5. Format

Say how you want the answer laid out: bullet points, a table, a numbered list, headings or plain text.

## A reusable template

You can copy this structure into almost any assistant:

- **Context:** who I am and who this is for
- **Task:** what I need
- **Constraints:** length, tone, must-haves and must-avoids
- **Example:** a sample of the style I like
- **Format:** how the answer should be laid out

## Iterate instead of starting over

The first answer is a draft. Reply with specific feedback rather than writing a new prompt:

- "Make the second paragraph shorter."
- "Use simpler words; the readers are not experts."
- "Give me three alternative subject lines."

Assistants keep the conversation in memory, so each round builds on the last.

## Techniques that help with harder tasks

- **Ask for a plan first.** For complex work, ask the assistant to outline its approach before writing the full answer. You can fix the plan cheaply.
- **Break big tasks into steps.** Research, outline, draft and edit as separate requests.
- **Let it ask questions.** End with "Ask me any questions you need before you start."
- **Provide the source material.** Paste or upload the document rather than relying on the assistant's memory of a topic.
- **Ask for uncertainty.** "Tell me which parts you are unsure about" often reveals weak spots.

## Prompts for images are different

Image generators respond best to descriptive prompts: subject, setting, style, lighting, camera angle and mood. Compare "a cat" with "a ginger cat sleeping on a windowsill, soft afternoon light, watercolour illustration". Tools such as [Midjourney](/tool/midjourney) and [Ideogram](/tool/ideogram) also accept reference images, which often work better than words.

## Check the output

Even a perfect prompt cannot guarantee a correct answer. Verify facts, numbers, quotes and links before you use them, especially in anything public. For research, tools that show their sources, like [Perplexity](/tool/perplexity), make checking easier.

## Save what works

When a prompt gives great results, save it. Many assistants let you store custom instructions or build reusable assistants, so your best prompts become one-click tools for you and your team.

Good prompting is simply good briefing. Give context, be specific, show an example and keep refining, and the quality of your results will improve immediately.`,
  },
  {
    slug: "ai-tools-for-small-business-marketing",
    title: "AI Tools for Small Business Marketing",
    excerpt:
      "A small team can now produce content, visuals and videos that used to need an agency. Here is a practical AI marketing stack for small businesses.",
    meta_title: "AI Tools for Small Business Marketing",
    meta_description:
      "A practical AI marketing stack for small businesses: content, SEO, design, video and automation tools, with tips on budget and keeping your brand voice.",
    status: "published",
    published_at: "2026-11-04T09:00:00.000Z",
    content: `Small businesses rarely have a full marketing department. AI tools will not replace a good marketer, but they can take on much of the production work: first drafts, graphics, video edits and repetitive admin. Here is a practical stack, organised by job.

## Start with one clear goal

Before adding tools, decide what you want more of: website visitors, newsletter sign-ups, social engagement or direct sales. Choose tools that serve that goal and ignore the rest for now. A small, well-used stack beats a dozen half-used subscriptions.

## Content and copy

A general assistant covers most small-business writing: product descriptions, emails, social captions and blog outlines. [ChatGPT](/tool/chatgpt) or [Claude](/tool/claude) are good places to start.

If several people write for your brand, a dedicated platform can keep the voice consistent:

- [Jasper](/tool/jasper) stores your brand voice and style guide for every output.
- [Copy.ai](/tool/copy-ai) adds workflows that automate repeat tasks such as repurposing content.

Keep [Grammarly](/tool/grammarly) running for a final check on everything you publish.

## Search visibility

If organic traffic matters to you, SEO tools help you write content that answers what people are searching for.

- [Surfer SEO](/tool/surfer-seo) scores your draft against top-ranking pages and suggests topics to cover.
- [Frase](/tool/frase) builds content briefs from search results quickly.
- [Writesonic](/tool/writesonic) also tracks how your brand appears in AI assistants and AI search.

Remember that helpful, original content is what ranks. Use the tools for research and structure, and add your own expertise and examples.

## Visuals

- [Canva Magic Studio](/tool/canva-magic-studio) covers social posts, flyers and presentations, and Magic Switch resizes one design for every platform.
- [Photoroom](/tool/photoroom) turns phone photos of products into clean, consistent shots for your shop.
- [AdCreative.ai](/tool/adcreative-ai) generates many ad variations when you run paid campaigns.

## Video

Short video is often the highest-reach format, and it is also the most time-consuming. AI helps at every step.

1. Record a longer video such as a tutorial or a customer story.
2. Use [Opus Clip](/tool/opus-clip) to cut it into short clips with captions.
3. Polish them in [CapCut](/tool/capcut), which adds captions and effects quickly.

For training or explainer videos without filming, [Synthesia](/tool/synthesia) and [HeyGen](/tool/heygen) create presenter videos from a script.

## Automation

[Zapier](/tool/zapier) connects your tools so routine steps happen on their own: new form entries go to your CRM, new blog posts are shared to social channels, and AI steps can summarise or sort incoming messages.

## A starter budget

You do not need every tool above. A typical starting point for a small business:

- One general AI assistant
- One design tool
- One video tool
- Free plans for everything else until you hit their limits

Add an SEO or marketing platform once content becomes a regular part of your growth.

## Keep your brand human

AI makes it easy to publish more, but more is not automatically better. A few rules help:

- **Edit everything.** Add real details, prices, names and stories only you know.
- **Stay consistent.** Save a short brand voice guide and paste it into prompts.
- **Be transparent** where it matters, for example with AI-generated people in ads.
- **Measure results.** Keep what moves your goal and drop what does not.

Used this way, AI gives a small team the output of a much larger one while keeping the personality that customers choose you for.

Browse more tools in the [Marketing & SEO category](/category/marketing-seo).`,
  },
  {
    slug: "using-ai-for-research-without-getting-misled",
    title: "Using AI for Research Without Getting Misled",
    excerpt:
      "AI research tools can save hours, but they can also summarise sources wrongly. How to use them well and how to check what they tell you.",
    meta_title: "Using AI for Research Without Getting Misled",
    meta_description:
      "How to use AI research tools such as Perplexity, Elicit, Consensus and NotebookLM effectively, and simple habits to check their answers and citations.",
    status: "draft",
    content: `AI research tools promise to read the web or the scientific literature for you and return a tidy answer. They really can save hours. But a confident summary is not the same as a correct one, and a citation is only useful if it says what the summary claims.

## Pick the right tool for the question

Different tools search different places:

- **Everyday questions:** [Perplexity](/tool/perplexity) searches the web and cites every claim.
- **Academic literature:** [Elicit](/tool/elicit) finds papers and extracts data into tables, and [Consensus](/tool/consensus) summarises what peer-reviewed studies say.
- **Your own documents:** [NotebookLM](/tool/notebooklm) answers questions using only the sources you upload.
- **Technical questions:** [Phind](/tool/phind) focuses on programming and documentation.

Choosing the right source matters more than choosing the smartest model. A web search will not give you the depth of a literature database, and a literature database will not know yesterday's news.

## Ask better research questions

Vague questions get vague answers. Compare:

- "Is coffee healthy?"
- "What do randomised controlled trials say about coffee consumption and blood pressure in adults?"

The second question tells the tool what kind of evidence to look for and what outcome matters. It also makes the answer much easier to check.

## Always open the sources

This is the most important habit. For any claim you plan to rely on:

1. Click the citation.
2. Find the passage the claim is based on.
3. Check that it really says what the summary says, including numbers and conditions.

AI summaries often drop qualifiers such as "in mice", "in a small pilot study" or "only for people over 65". Those details change the meaning completely.

## Watch for these warning signs

- A single source supports a strong claim.
- The cited page does not mention the topic at all.
- Numbers appear in the answer but not in the source.
- The sources are old for a fast-moving topic.
- Every source comes from the same website or organisation.

## Use AI for the parts it does best

AI research tools are excellent at:

- Finding sources you would not have found on your own
- Screening many papers quickly for relevance
- Extracting the same details from many documents
- Explaining unfamiliar terms and methods

They are weaker at judging study quality, weighing conflicting evidence and spotting what is missing. Those judgements are still your job.

## Keep a research log

Note which tool you used, the question you asked and the sources you checked. It makes your work reproducible, helps colleagues review it and saves time when you return to the topic months later.

## The takeaway

Treat an AI research assistant as a fast, tireless research intern: brilliant at finding and sorting material, and in need of supervision. Use it to get to the right sources faster, then read those sources yourself before you trust the conclusion.`,
  },
];

/**
 * Starter search synonyms: a visitor's word on the left also finds tools described with the
 * words on the right (spelling variants, abbreviations, everyday words for a category).
 */
export const synonyms: [term: string, expandsTo: string][] = [
  ["picture", "image"],
  ["photo", "image"],
  ["pic", "image"],
  ["art", "image"],
  ["illustration", "image"],
  ["drawing", "image"],
  ["meme", "image"],
  ["logo", "graphics"],
  ["llm", "chatbot"],
  ["gpt", "chatbot"],
  ["bot", "chatbot"],
  ["transcription", "transcribe"],
  ["transcription", "transcript"],
  ["transcribe", "transcript"],
  ["stt", "transcribe"],
  ["tts", "text to speech"],
  ["voiceover", "voice"],
  ["narration", "voice"],
  ["dubbing", "voice"],
  ["song", "music"],
  ["beat", "music"],
  ["soundtrack", "music"],
  ["code", "coding"],
  ["coding", "code"],
  ["programming", "coding"],
  ["developer", "code"],
  ["slide", "presentation"],
  ["deck", "presentation"],
  ["ppt", "presentation"],
  ["site", "website"],
  ["proofread", "grammar"],
  ["spellcheck", "spelling"],
  ["paraphrase", "rewrite"],
  ["reword", "rewrite"],
  ["rephrase", "rewrite"],
  ["summarize", "summarise"],
  ["summary", "summarise"],
  ["organize", "organise"],
  ["analyze", "analyse"],
  ["notetaker", "transcribe"],
  ["cutout", "background"],
  ["homework", "tutor"],
  ["excel", "spreadsheet"],
  ["visualization", "visual"],
  ["bi", "business intelligence"],
  ["calendar", "schedule"],
];

/** Tags: what a tool does, across categories, and what it offers besides its main job. */
export const tags: SeedTag[] = [
  { name: "API", description: "Tools with a developer API, so you can build them into your own product or workflow." },
  {
    name: "Open Source",
    description: "Tools whose code or model weights are published, so you can inspect, run or adapt them yourself.",
  },
  { name: "Mobile App", description: "Tools with an app for iPhone or Android, for work away from the desk." },
  { name: "Desktop App", description: "Tools with an installable app for Windows or macOS." },
  {
    name: "Browser Extension",
    description: "Tools that work inside your browser, on the pages and text fields you already use.",
  },
  { name: "Team Collaboration", description: "Tools built for teams: shared workspaces, comments and permissions." },
  {
    name: "Integrations",
    description: "Tools that connect to the apps you already use, such as Slack, Google Workspace or Zoom.",
  },
  {
    name: "Multilingual",
    description: "Tools that work well in many languages, for translation or content in more than English.",
  },
  { name: "Voice", description: "Tools that listen, speak or work with recorded audio." },
  { name: "Citations", description: "Tools that answer with sources you can check." },
  { name: "No Code", description: "Tools that let you build apps, sites or automations without writing code." },
  { name: "Templates", description: "Tools with ready-made templates to start from." },
  {
    name: "Image Editing",
    description: "Tools that edit existing pictures: backgrounds, retouching, expanding and more.",
  },
  { name: "Video Editing", description: "Tools that cut, caption and edit video, not only generate it." },
  {
    name: "Chat Assistant",
    description: "Assistants you talk to in plain language: ask, draft, summarise and brainstorm.",
  },
  { name: "Image Generation", description: "Tools that make new pictures from a text prompt." },
  { name: "Video Generation", description: "Tools that make video clips from text or images." },
  { name: "AI Avatars", description: "Presenters and talking heads generated from a script." },
  { name: "Text to Speech", description: "Tools that read text aloud in natural voices." },
  { name: "Transcription", description: "Tools that turn speech into text." },
  { name: "Meeting Notes", description: "Tools that join your calls and write up what was said." },
  { name: "Code Completion", description: "Tools that suggest code as you type in your editor." },
  { name: "App Builder", description: "Tools that build a working app from a description." },
  { name: "Research Assistant", description: "Tools that find, read and summarise sources for you." },
  { name: "Presentations", description: "Tools that design slide decks from an outline." },
  { name: "Copywriting", description: "Tools that write marketing copy, ads and product text." },
  { name: "Music Generation", description: "Tools that compose songs and background music." },
  { name: "Background Removal", description: "Tools that cut the subject out of a photo in one click." },
  { name: "Language Learning", description: "Tools that teach a language through conversation and practice." },
];

/** Each demo tool's tags, by tool name (at most five). */
export const toolTags: Record<string, string[]> = {
  ChatGPT: ["Chat Assistant", "API", "Mobile App", "Desktop App", "Voice"],
  Claude: ["Chat Assistant", "API", "Mobile App", "Desktop App"],
  Gemini: ["Chat Assistant", "API", "Mobile App", "Multilingual"],
  "Microsoft Copilot": ["Chat Assistant", "Mobile App", "Integrations"],
  "Meta AI": ["Chat Assistant", "Mobile App"],
  "Mistral Le Chat": ["Chat Assistant", "API", "Open Source", "Mobile App"],
  Poe: ["Chat Assistant", "API", "Mobile App"],
  "Character.AI": ["Mobile App", "Voice"],
  Grammarly: ["Browser Extension", "Desktop App", "Integrations"],
  QuillBot: ["Browser Extension", "Multilingual"],
  DeepL: ["API", "Multilingual", "Desktop App", "Browser Extension"],
  Sudowrite: ["Templates"],
  Wordtune: ["Browser Extension"],
  Rytr: ["Copywriting", "Templates", "Browser Extension"],
  Midjourney: ["Image Generation", "Image Editing"],
  "DALL·E 3": ["Image Generation", "API", "Image Editing"],
  "Stable Diffusion": ["Image Generation", "Open Source", "API", "Image Editing"],
  "Leonardo.Ai": ["Image Generation", "API", "Image Editing", "Mobile App"],
  Ideogram: ["Image Generation", "API", "Mobile App"],
  "Adobe Firefly": ["Image Generation", "Image Editing", "Integrations", "Mobile App"],
  Runway: ["Video Generation", "Video Editing", "API"],
  Pika: ["Video Generation", "Mobile App"],
  Synthesia: ["AI Avatars", "Multilingual", "Templates", "API"],
  HeyGen: ["AI Avatars", "Multilingual", "Templates", "API"],
  "Luma Dream Machine": ["Video Generation", "API", "Mobile App"],
  "Kling AI": ["Video Generation", "API"],
  CapCut: ["Video Editing", "Mobile App", "Desktop App", "Templates"],
  "Opus Clip": ["Video Editing", "Integrations"],
  ElevenLabs: ["Text to Speech", "API", "Voice", "Multilingual"],
  Descript: ["Text to Speech", "Video Editing", "Voice", "Desktop App", "Team Collaboration"],
  "Murf AI": ["Text to Speech", "Voice", "Multilingual", "API"],
  Krisp: ["Meeting Notes", "Voice", "Desktop App", "Integrations"],
  "Adobe Podcast": ["Voice"],
  "GitHub Copilot": ["Code Completion", "Integrations", "Team Collaboration"],
  Cursor: ["Code Completion", "Desktop App"],
  Tabnine: ["Code Completion", "Integrations"],
  Replit: ["App Builder", "Team Collaboration", "Mobile App", "No Code"],
  Windsurf: ["Code Completion", "Desktop App"],
  Lovable: ["App Builder", "No Code"],
  v0: ["App Builder", "No Code", "Templates"],
  "Bolt.new": ["App Builder", "No Code"],
  "Hugging Face": ["Open Source", "API", "Team Collaboration"],
  "Notion AI": ["Team Collaboration", "Templates", "Mobile App"],
  "Otter.ai": ["Transcription", "Voice", "Team Collaboration", "Mobile App", "Integrations"],
  "Fireflies.ai": ["Meeting Notes", "Transcription", "Voice", "Team Collaboration", "Integrations"],
  Mem: ["Mobile App"],
  Motion: ["Integrations", "Mobile App"],
  Zapier: ["No Code", "Integrations", "Templates"],
  Perplexity: ["Research Assistant", "Citations", "Mobile App", "API"],
  Elicit: ["Research Assistant", "Citations"],
  Consensus: ["Research Assistant", "Citations"],
  Phind: ["Citations"],
  NotebookLM: ["Research Assistant", "Citations", "Voice"],
  "Canva Magic Studio": ["Presentations", "Templates", "Image Editing", "Team Collaboration", "Mobile App"],
  "Figma AI": ["Team Collaboration"],
  Framer: ["No Code", "Templates"],
  Gamma: ["Presentations", "Templates"],
  "Beautiful.ai": ["Presentations", "Templates", "Team Collaboration"],
  Photoroom: ["Background Removal", "Image Editing", "Mobile App", "API"],
  "Remove.bg": ["Background Removal", "Image Editing", "API"],
  Clipdrop: ["Background Removal", "Image Editing", "API"],
  Jasper: ["Copywriting", "Templates", "Browser Extension", "Team Collaboration"],
  "Copy.ai": ["Copywriting", "Templates", "Integrations"],
  Writesonic: ["Copywriting", "Templates"],
  "Surfer SEO": ["Integrations"],
  Frase: ["Templates"],
  "AdCreative.ai": ["Templates", "Integrations"],
  "Julius AI": ["Integrations"],
  Rows: ["Integrations", "Templates"],
  Hex: ["Team Collaboration"],
  Tableau: ["Desktop App", "Team Collaboration"],
  "Microsoft Power BI": ["Desktop App", "Team Collaboration", "Mobile App"],
  Suno: ["Music Generation", "Mobile App"],
  AIVA: ["Music Generation", "Desktop App"],
  Soundraw: ["Music Generation", "API"],
  Mubert: ["Music Generation", "API"],
  "Duolingo Max": ["Language Learning", "Mobile App", "Multilingual"],
  Quizlet: ["Mobile App"],
  Speak: ["Language Learning", "Mobile App", "Voice", "Multilingual"],
  Photomath: ["Mobile App"],
  Udio: ["Music Generation"],
};
