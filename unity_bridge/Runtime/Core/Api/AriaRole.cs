namespace AgentBridgeUnity
{
    /// <summary>The ARIA role names the snapshot uses.</summary>
    public static class AriaRole
    {
        /// <summary><c>button</c></summary>
        public const string Button = "button";
        /// <summary><c>checkbox</c></summary>
        public const string Checkbox = "checkbox";
        /// <summary><c>radio</c></summary>
        public const string Radio = "radio";
        /// <summary><c>textbox</c></summary>
        public const string Textbox = "textbox";
        /// <summary><c>combobox</c></summary>
        public const string Combobox = "combobox";
        /// <summary><c>slider</c></summary>
        public const string Slider = "slider";
        /// <summary><c>spinbutton</c></summary>
        public const string Spinbutton = "spinbutton";
        /// <summary><c>listbox</c></summary>
        public const string Listbox = "listbox";
        /// <summary><c>option</c></summary>
        public const string Option = "option";
        /// <summary><c>tab</c></summary>
        public const string Tab = "tab";
        /// <summary><c>tablist</c></summary>
        public const string Tablist = "tablist";
        /// <summary><c>menu</c></summary>
        public const string Menu = "menu";
        /// <summary><c>menuitem</c></summary>
        public const string Menuitem = "menuitem";
        /// <summary><c>dialog</c></summary>
        public const string Dialog = "dialog";
        /// <summary><c>heading</c></summary>
        public const string Heading = "heading";
        /// <summary><c>text</c></summary>
        public const string Text = "text";
        /// <summary><c>img</c></summary>
        public const string Img = "img";
        /// <summary><c>group</c></summary>
        public const string Group = "group";
        /// <summary><c>region</c></summary>
        public const string Region = "region";
        /// <summary><c>application</c></summary>
        public const string Application = "application";
        /// <summary><c>generic</c></summary>
        public const string Generic = "generic";
    }
}
